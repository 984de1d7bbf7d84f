import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * A chapter whose sub-entries are titled by the item noun ("3.2 Problem: ...") but for one set
 * between them that leaves the label out ("3.4 Downloads hang"), with commentary before and
 * after ("3.1 Debugging", "3.6 Further help"): the commentary is no item, the unlabelled one
 * between labelled siblings is.
 */

const manual: Draw[] = [
  (doc) => {
    at(doc, 72, 60, '1 Setup', { bold: true, size: 16 });
    at(doc, 72, 86, 'Install the cache on a machine that every client of the network can reach.');
    at(doc, 72, 118, '2 Operation', { bold: true, size: 16 });
    at(doc, 72, 144, 'The cache keeps every file it fetched until the expiration task removes it.');
  },
  (doc) => {
    at(doc, 72, 60, '3 Troubleshooting', { bold: true, size: 16 });
    at(doc, 72, 86, 'This chapter gives advice for the situations users report most often.');
    const subs: [string, string][] = [
      ['3.1 Debugging', 'Start the cache with verbose logging to see each request it serves.'],
      ['3.2 Problem: the cache keeps damaged files', 'Remove the damaged files and run the expiration task once.'],
      ['3.3 Problem: expiration aborts', 'Check that the index files of every mirror can be fetched.'],
      ['3.4 Downloads hang', 'Lower the number of parallel connections in the configuration.'],
      ['3.5 Problem: the port is in use', 'Stop the other program that listens on the same port first.'],
      ['3.6 Further help', 'Write to the mailing list with the log of a failed request.'],
    ];
    subs.forEach(([h, t], k) => {
      at(doc, 72, 118 + k * 56, h, { bold: true, size: 12 });
      at(doc, 72, 140 + k * 56, t);
    });
  },
];

describe('sub-entries titled by the item noun, one between them without the label (no LLM)', () => {
  const subject = generatedDocument(() => drawPdf(manual), 'cache-manual.pdf');

  it('keeps the unlabelled one between labelled siblings and leaves the commentary around them out', async () => {
    const { answer } = await subject.ask<ListingAnswer>('Which problems does the troubleshooting chapter deal with?');
    expect(answer.items.map((i) => i.name)).toEqual([
      '3.2 Problem: the cache keeps damaged files',
      '3.3 Problem: expiration aborts',
      '3.4 Downloads hang',
      '3.5 Problem: the port is in use',
    ]);
  });
});
