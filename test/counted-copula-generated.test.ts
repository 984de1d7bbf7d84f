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

/**
 * A sentence that opens with its count and hands the members over after a long clause ("There
 * are two different ways to run more than one job in a single execution of the tool: the comma
 * syntax and daemon mode."): the count counts what the colon hands over, however far before it.
 * Another counted sentence elsewhere ("two ways to load it into memory: ...") is another list.
 */
const aligner: Draw[] = [
  (doc) => {
    at(doc, 72, 60, '1 Index loading', { bold: true, size: 14 });
    at(doc, 72, 86, 'The index may be large and may take a long time to load. There are two ways to load it');
    at(doc, 72, 100, 'into memory: reading it from a file and memory mapping it. Reading is what it sounds like.');
    at(doc, 72, 140, '2 Running several jobs', { bold: true, size: 14 });
    at(doc, 72, 166, 'There are two different ways to run more than one job in a single execution of the tool: the');
    at(doc, 72, 180, 'comma syntax and daemon mode. This saves time, for the index is loaded only once for all jobs.');
    at(doc, 72, 206, 'With the comma syntax the jobs are listed on one command line; in daemon mode the tool waits');
    at(doc, 72, 220, 'for the jobs to be sent to it one after the other.');
  },
];

describe('a count that opens its sentence, far before the colon (generated)', () => {
  it('reads the members the colon hands over', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(aligner)), { pageCap: 10 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const ways = model.lists.find((l) => /^There are two different ways/.test(l.intro ?? ''));
    expect(ways).toBeDefined();
    expect(model.items.filter((i) => i.listId === ways!.id).map((i) => i.label)).toEqual(['the comma syntax', 'daemon mode']);
  });

  const subject = generatedDocument(() => drawPdf(aligner), 'aligner-guide.pdf');

  it('answers in how many ways several jobs run in one execution with the two named', async () => {
    const { answer } = await subject.ask<ListingAnswer>('In how many ways can I run several jobs in a single execution so the index is loaded only once, and what are they called?');
    expect(answer.kind).toBe('count');
    expect(answer.count).toBe(2);
    expect(answer.items.map((i) => i.name)).toEqual(['the comma syntax', 'daemon mode']);
  });
});
