import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at } from './helpers/make-pdf.ts';

/**
 * A made-up filesystem standard: the manual page sections are named in a bulleted list and set
 * out again as a table of the same directories right after it; another section lists other
 * directories.
 */
const SECTIONS: [string, string][] = [
  ['man1', 'User programs'],
  ['man2', 'System calls'],
  ['man3', 'Library calls'],
  ['man4', 'Special files'],
];

function standardPdf(): Promise<Buffer> {
  return drawPdf([
    (doc) => {
      doc.outline.addItem('5 Manual pages');
      at(doc, 72, 60, '5 Manual pages', { bold: true, size: 13 });
      at(doc, 72, 84, 'Manual pages are stored by section. A description of each section follows:');
      SECTIONS.forEach(([dir, what], k) => {
        at(doc, 90, 108 + k * 18, '•');
        at(doc, 104, 108 + k * 18, `${dir}: ${what}`);
      });
      at(doc, 72, 200, 'The section directories are the following:');
      at(doc, 72, 222, 'Directory', { bold: true });
      at(doc, 200, 222, 'Description', { bold: true });
      SECTIONS.forEach(([dir, what], k) => {
        at(doc, 72, 244 + k * 20, dir);
        at(doc, 200, 244 + k * 20, what);
      });
      doc.outline.addItem('6 Other pages');
      at(doc, 72, 360, '6 Other pages', { bold: true, size: 13 });
      at(doc, 72, 384, 'Other documentation is kept in these places:');
      ['info files', 'html guides', 'example scripts'].forEach((x, k) => {
        at(doc, 90, 408 + k * 18, '•');
        at(doc, 104, 408 + k * 18, x);
      });
    },
  ]);
}

describe('the runner-up is a list with another answer (generated, no LLM)', () => {
  const standard = generatedDocument(standardPdf, 'fs-standard.pdf');

  it('a table of the same items as the chosen list does not rival it: the margin is read against another list', async () => {
    const { answer } = await standard.ask<ListingAnswer>('Which manual page sections does the standard describe?');
    expect(answer.items.map((i) => i.name.split(':')[0])).toEqual(['man1', 'man2', 'man3', 'man4']);
    expect(answer.isComplete).toBe(true);
    expect(answer.completenessReason).toMatch(/ahead of the runner-up by (?:[3-9]\d|100)%/);
  });
});

/**
 * Two lists side by side in one section, each introduced for one noun ("The following protocol
 * requests must ...:", "In addition, the following library functions must ...:"), their bullets
 * set at the paragraph's edge: a question that joins the two nouns asks for both lists.
 */
function conventionsPdf(): Promise<Buffer> {
  return drawPdf([
    (doc) => {
      at(doc, 72, 60, '7 Affected Elements', { bold: true, size: 14 });
      at(doc, 72, 90, 'The following protocol requests must support the naming conventions:');
      ['• OpenFont - for the name argument', '• ListFonts - for the pattern argument', '• ListFontsWithInfo - for the pattern argument'].forEach((t, k) => at(doc, 72, 112 + 22 * k, t));
      at(doc, 72, 178, 'In addition, the following library functions must support the naming conventions:');
      ['• LoadFont - for the name argument', '• LoadQueryFont - for the name argument'].forEach((t, k) => at(doc, 72, 200 + 22 * k, t));
      at(doc, 72, 260, '8 Acknowledgements', { bold: true, size: 14 });
      at(doc, 72, 290, 'The conventions were drafted by the font working group and reviewed by its members.');
    },
  ]);
}

describe('two lists, each for one of two nouns a question joins (generated)', () => {
  const subject = generatedDocument(conventionsPdf, 'font-conventions.pdf');

  it('answers with both lists in document order', async () => {
    const { answer } = await subject.ask<ListingAnswer>('Which protocol requests and library functions have to support the naming conventions?');
    expect(answer.items.map((i) => i.name.split(' - ')[0])).toEqual(['OpenFont', 'ListFonts', 'ListFontsWithInfo', 'LoadFont', 'LoadQueryFont']);
  });

  it('answers a question for one of the nouns with its own list only', async () => {
    const { answer } = await subject.ask<ListingAnswer>('Which library functions have to support the naming conventions?');
    expect(answer.items.map((i) => i.name.split(' - ')[0])).toEqual(['LoadFont', 'LoadQueryFont']);
  });
});

/**
 * A rules file's required targets, several named over one description ("build, build-arch,
 * build-indep: ..."): each name is one member of the list.
 */
const rulesSlide = generatedDocument(
  () =>
    drawPdf([
      (doc) => {
        at(doc, 72, 60, '1 The rules file', { bold: true, size: 14 });
        at(doc, 72, 86, 'The rules file is a makefile that builds the package from its source.');
        at(doc, 72, 104, 'Required targets:');
        at(doc, 90, 122, '• build, build-arch, build-indep: configure and compile everything');
        at(doc, 90, 140, '• binary, binary-arch: build the binary packages');
        at(doc, 90, 158, '• clean: clean up the source directory');
        at(doc, 72, 186, 'Other targets are optional and may be added by the maintainer.');
      },
    ]),
  'rules-file.pdf',
);

describe('an item naming several program names at once (no LLM)', () => {
  it('answers with each target named, not with the three items\' heads', async () => {
    const { answer } = await rulesSlide.ask<ListingAnswer>('Which make targets must the rules file provide?');
    expect(answer.items.map((i) => i.name)).toEqual(['build', 'build-arch', 'build-indep', 'binary', 'binary-arch', 'clean']);
  });
});
