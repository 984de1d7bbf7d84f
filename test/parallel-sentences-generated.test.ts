import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { buildToc } from '../src/toc/index.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt } from './helpers/make-pdf.ts';

/**
 * A packaging policy that writes its rules as sentences ending alike, one per line, no marker
 * at all: "Manual pages (*.1, *.5) should be compressed." ... The subjects are the members;
 * the sentence after them ends otherwise and ends the run. A paragraph of prose whose sentences
 * run on over their lines is no such run.
 */

const L = 72;
const STEP = 16;
const RULES: [string, string][] = [
  ['Manual pages', 'Manual pages (*.1, *.5, *.8) should be compressed with gzip.'],
  ['Change logs', 'Change logs (changelog, NEWS) should be compressed with gzip.'],
  ['Plain text documents', 'Plain text documents (README, *.txt) should be compressed with gzip.'],
  ['Example configuration files', 'Example configuration files (*.conf) should be compressed with gzip.'],
];

const pdf = () =>
  drawPdf([
    (doc) => {
      doc.outline.addItem('1 Scope');
      textAt(doc, L, 60, '1 Scope', { bold: true, size: 14 });
      const prose = [
        'This policy applies to every package of the archive. It is read by the maintainers, who should be',
        'told of changes on the list. Exceptions should be', 'asked for on the list too, and each one should be',
        'recorded in the package. The release team decides.',
      ];
      prose.forEach((t, i) => textAt(doc, L, 86 + i * STEP, t));
      doc.outline.addItem('2 Documentation files');
      textAt(doc, L, 170, '2 Documentation files', { bold: true, size: 14 });
      textAt(doc, L, 196, 'Documentation is installed under the package\'s own folder of the documentation tree.');
      RULES.forEach(([, sentence], i) => textAt(doc, L, 222 + i * STEP, sentence));
      textAt(doc, L, 222 + RULES.length * STEP, 'The copyright file must never be compressed.');
      doc.outline.addItem('3 Scripts');
      textAt(doc, L, 320, '3 Scripts', { bold: true, size: 14 });
      textAt(doc, L, 346, 'Maintainer scripts are written for the POSIX shell.');
    },
  ]);

describe('rules written as sentences that end alike (generated)', () => {
  it('reads the subjects of the sentences as one list, ended by the sentence that ends otherwise', async () => {
    const parsed = await parsePdf(new Uint8Array(await pdf()), { pageCap: 3 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const parallel = model.lists.filter((l) => l.style === 'parallel');
    expect(parallel).toHaveLength(1);
    expect(parallel[0]!.intro).toBe('… should be compressed with gzip.');
    const items = model.items.filter((i) => i.listId === parallel[0]!.id);
    expect(items.map((i) => i.label)).toEqual(RULES.map(([s]) => s));
    expect(items[0]!.text).toBe(RULES[0]![1]);
  });

  const doc = generatedDocument(pdf, 'packaging-policy.pdf');

  it('answers which files should be compressed with the subjects', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which kinds of documentation files should be compressed?');
    expect(answer.items.map((i) => i.name)).toEqual(RULES.map(([s]) => s));
  });
});
