import { z } from 'zod';
import { CitationSchema } from '../db/rows.ts';
import { CompletenessSourceSchema } from '../listing/completeness.ts';

export const ListingItemSchema = z.object({
  name: z.string(),
  surfaceForms: z.array(z.string()),
  code: z.string().nullable().optional(),
  citations: z.array(CitationSchema).min(1),
  confidence: z.number().min(0).max(1),
});
export type ListingItem = z.infer<typeof ListingItemSchema>;

export const ListingAnswerSchema = z.object({
  kind: z.enum(['listing', 'count']),
  question: z.string(),
  items: z.array(ListingItemSchema),
  count: z.number().int(),
  isComplete: z.boolean().nullable(),
  completenessSource: CompletenessSourceSchema,
  completenessReason: z.string(),
  statedCount: z.number().int().nullable(),
  strategy: z.string(),
  section: z.object({ title: z.string(), pageStart: z.number(), pageEnd: z.number() }).nullable(),
  notFound: z.array(z.string()),
  notes: z.array(z.string()),
  path: z.enum(['deterministic', 'llm', 'mixed']),
});
export type ListingAnswer = z.infer<typeof ListingAnswerSchema>;

export const FactualAnswerSchema = z.object({
  kind: z.literal('factual'),
  question: z.string(),
  answer: z.string(),
  notFound: z.boolean(),
  citations: z.array(CitationSchema),
  confidence: z.number().min(0).max(1),
  section: z.object({ title: z.string(), pageStart: z.number(), pageEnd: z.number() }).nullable(),
  notes: z.array(z.string()),
  path: z.enum(['deterministic', 'llm', 'mixed']),
});
export type FactualAnswer = z.infer<typeof FactualAnswerSchema>;

export type Answer = ListingAnswer | FactualAnswer;
