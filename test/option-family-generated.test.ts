import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { understandQuestion } from '../src/question/understand.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt } from './helpers/make-pdf.ts';

/**
 * A compiler manual whose options chapter groups its options in tables by kind; the flags that
 * change the generated code all open with "-f". A question for "-f flags" asks for that family,
 * not for every option of the chapter; it names the items "flags" where the chapter's title says
 * "options" (one class of nouns in the lexicon).
 */

const L = 72;
const pdf = () =>
  drawPdf([
    (doc) => {
      doc.outline.addItem('1 Introduction');
      textAt(doc, L, 60, '1 Introduction', { bold: true, size: 14 });
      textAt(doc, L, 86, 'The compiler turns a specification into source code for the target language.');
      textAt(doc, L, 100, 'It reads one or more specification files and writes one source file per type.');
      doc.outline.addItem('2 Command line options');
      textAt(doc, L, 130, '2 Command line options', { bold: true, size: 14 });
      textAt(doc, L, 156, 'The following tables summarize the command line options.');
      textAt(doc, L, 180, 'Stage options', { bold: true });
      textAt(doc, L, 198, '-E');
      textAt(doc, L + 140, 198, 'Stop after the parsing stage.');
      textAt(doc, L, 214, '-P');
      textAt(doc, L + 140, 214, 'Print the compiled output instead of writing files.');
      textAt(doc, L, 240, 'Language options', { bold: true });
      textAt(doc, L, 258, '-fcompound-names');
      textAt(doc, L + 140, 258, 'Use complex names for the generated structures.');
      textAt(doc, L, 274, '-fno-constraints');
      textAt(doc, L + 140, 274, 'Do not generate constraint checking code.');
      textAt(doc, L, 290, '-fwide-types');
      textAt(doc, L + 140, 290, 'Use the wide integer types instead of native ones.');
      textAt(doc, L, 316, 'Warning options', { bold: true });
      textAt(doc, L, 334, '-Werror');
      textAt(doc, L + 140, 334, 'Treat warnings as errors.');
      doc.outline.addItem('3 Using the output');
      textAt(doc, L, 370, '3 Using the output', { bold: true, size: 14 });
      textAt(doc, L, 396, 'The generated files are compiled with the helper files the compiler copies.');
    },
  ]);

describe('a family of options the question names by its prefix', () => {
  it('reads "-f flags" as flags, the option a modifier and no code of the document', () => {
    const u = understandQuestion('Which -f flags does the compiler accept for changing the generated code?');
    expect(u.intent).toBe('listing');
    expect(u.itemNoun).toBe('flags');
    expect(u.codes).toEqual([]);
    expect(u.scope).toBeNull();
  });

  const doc = generatedDocument(pdf, 'compiler-manual.pdf');

  it('answers with the -f options of the options chapter only', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which -f flags does the compiler accept for changing the generated code?');
    expect(answer.items.map((i) => i.name).sort()).toEqual(['-fcompound-names', '-fno-constraints', '-fwide-types']);
  });
});
