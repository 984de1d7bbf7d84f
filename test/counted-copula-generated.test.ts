import { describe, expect, it } from 'vitest';
import type { FactualAnswer, ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { buildToc } from '../src/toc/index.ts';
import { understandQuestion } from '../src/question/understand.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * A sentence that counts its members and names them after a copula: "The four keys are id,
 * score, center and weight and their values ...". The count says where the series ends though
 * the sentence runs on. A question for a thing by its noun ("What information ...?") whose
 * extract quotes that sentence asks for the list; a question for what something does, whose
 * extract passes a counted sentence on the way ("two buffers: 100 bytes and 200 bytes"), does not.
 */

const guide: Draw[] = [
  (doc) => {
    at(doc, 72, 60, '1 Output', { bold: true, size: 14 });
    at(doc, 72, 86, 'The default output is a file of records. Four fields are added to the header of each');
    at(doc, 72, 100, 'record. The four keys are cluster_id , cluster_score , cluster_center and cluster_weight and');
    at(doc, 72, 114, 'their values give the center of the record\'s cluster, its score and the size of the cluster.');
    at(doc, 72, 150, '2 Decoding', { bold: true, size: 14 });
    at(doc, 72, 176, 'Suppose you have two buffers of data: 100 bytes and 200 bytes. The decoder reads the first');
    at(doc, 72, 190, 'buffer and reports how many bytes it consumed; the bytes it left are passed again with the');
    at(doc, 72, 204, 'second buffer, so the decoder sees every byte once.');
  },
];

describe('a counted series after a copula', () => {
  it('reads as many elements as the sentence counts, where the sentence runs on', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(guide)), { pageCap: 10 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const keys = model.lists.find((l) => l.intro === 'The four keys are');
    expect(keys).toBeDefined();
    expect(model.items.filter((i) => i.listId === keys!.id).map((i) => i.label)).toEqual(['cluster_id', 'cluster_score', 'cluster_center', 'cluster_weight']);
  });

  it('reads a question for a thing by its noun apart from one for what something does', () => {
    expect(understandQuestion('What information does the tool add to the header of each record?').signals[0]).toMatch(/^what-singular-noun/);
    expect(understandQuestion('What does the decoder report after the first buffer?').signals[0]).not.toMatch(/^what-singular-noun/);
  });
});

describe('questions whose extract quotes a counted sentence (no LLM)', () => {
  const subject = generatedDocument(() => drawPdf(guide), 'record-tool-guide.pdf');

  it('answers a question for the information added with the counted keys', async () => {
    const { answer } = await subject.ask<ListingAnswer>('What information does the tool add to the header of each record?');
    expect(answer.kind).toBe('listing');
    expect(answer.items.map((i) => i.name)).toEqual(['cluster_id', 'cluster_score', 'cluster_center', 'cluster_weight']);
  });

  it('leaves a question for what the decoder does factual', async () => {
    const { answer } = await subject.ask<FactualAnswer>('What does the decoder report after reading the first buffer?');
    expect(answer.kind).toBe('factual');
  });
});
