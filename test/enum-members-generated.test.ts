import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';
import { structureOf } from './helpers/structure-of.ts';

/**
 * An enumeration a code listing declares lists its members, bounded by its braces; a struct
 * declared beside it lists none.
 */
const slides: Draw[] = [
  (doc) => {
    at(doc, 20, 30, 'Net::Level and Net::Word', { size: 16, bold: true });
    at(doc, 22, 60, 'The Net::Level enum represents the level of one wire:');
    const code = ['enum Net :: Level {', '    L0 = 0,', '    L1 = 1,', '    Lx = 2, // unknown', '    Lz = 3  // floating', '};'];
    code.forEach((c, n) => at(doc, 40, 80 + 10 * n, c, { font: 'Courier', size: 7 }));
    at(doc, 22, 150, 'The Net::Word struct represents a value of many wires:');
    const word = ['struct Net :: Word {', '    std :: vector < Net :: Level > wires ;', '    int width ;', '};'];
    word.forEach((c, n) => at(doc, 40, 170 + 10 * n, c, { font: 'Courier', size: 7 }));
    at(doc, 22, 220, 'An enum on one line lists its members too: enum Mode { READ, WRITE, APPEND };');
  },
  ...['Reading a design', 'Writing a design', 'Checking a design', 'Printing a design', 'Storing a design', 'Sharing a design'].map((title): Draw => (doc) => {
    at(doc, 20, 30, title, { size: 16, bold: true });
    at(doc, 22, 60, `The steps of ${title.toLowerCase()} are:`);
    const what = title.split(' ')[0]!.toLowerCase();
    ['open the file for', 'go through every module for', 'close the file after'].forEach((b, n) => at(doc, 22, 80 + 16 * n + 4 * (n % 2), `${n + 1}. ${b} ${what}`));
  }),
];

describe('the members of an enumeration in a code listing', () => {
  it('reads each member by its identifier, up to the closing brace; a struct is no enumeration', async () => {
    const { model, itemsOf } = await structureOf(await drawPdf(slides));
    expect(itemsOf(/Net::Level enum/).map((i) => i.label)).toEqual(['L0', 'L1', 'Lx', 'Lz']);
    const wordList = model.lists.find((l) => /Net :: Word/.test(l.intro ?? ''));
    expect(wordList).toBeUndefined();
  });
});

describe('an enumeration through the pipeline (no LLM)', () => {
  const subject = generatedDocument(() => drawPdf(slides), 'net-slides.pdf');

  it('counts the values of the enumeration the question names', async () => {
    const { answer } = await subject.ask<ListingAnswer>('How many different values can a single wire of a Net::Level take?');
    expect(answer.kind).toBe('count');
    expect(answer.items.map((i) => i.name)).toEqual(['L0', 'L1', 'Lx', 'Lz']);
  });
});
