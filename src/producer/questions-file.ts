import { readFile } from 'node:fs/promises';
import { z } from 'zod';

const QuestionEntrySchema = z.object({
  question: z.string().min(1),
  document: z.string().min(1).optional(),
  id: z.string().optional(),
});
export type QuestionEntry = z.infer<typeof QuestionEntrySchema>;

/**
 * Reads a questions file: a JSON array, JSON lines, or plain text with one question per line.
 * JSON records are { question, document?, id? } (gold files, whose extra fields are ignored, work too).
 */
export async function readQuestionsFile(file: string): Promise<QuestionEntry[]> {
  const text = (await readFile(file, 'utf8')).trim();
  if (!text) return [];
  if (text.startsWith('[')) return z.array(QuestionEntrySchema).parse(JSON.parse(text));
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  if (lines.every((l) => l.startsWith('{'))) return lines.map((l, i) => parseLine(l, i + 1));
  return lines.map((question) => ({ question }));
}

function parseLine(l: string, n: number): QuestionEntry {
  const r = QuestionEntrySchema.safeParse(JSON.parse(l));
  if (!r.success) throw new Error(`questions file line ${n}: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return r.data;
}
