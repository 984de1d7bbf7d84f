import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import type { LineRow } from '../src/db/rows.ts';
import { nounInstances } from '../src/listing/strategies/noun-instances.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at } from './helpers/make-pdf.ts';

/**
 * A short guide that names its output formats only in passing, in prose: "in CSV format",
 * "prints results in CSV and JSON formats", "in XML map (tree map) format". No list, no table.
 * Without an LLM the items are the names the prose sets before the item noun; a word
 * capitalised because it opens a sentence is none, and the list is never called whole.
 */

const line = (text: string, k: number) => ({ id: k, pageNum: 1, lineNum: k + 1, text }) as unknown as LineRow;

describe('names set before the item noun', () => {
  it('reads coordinated names, a name with one lower-case word, an aside before the noun', () => {
    const lines = ['The tool writes in CSV format by default.', 'The first run prints results in CSV and JSON formats, the second', 'in XML map (tree map) format. Output formats are set by flags.'].map(line);
    expect(nounInstances(lines, 'format').map((c) => c.name)).toEqual(['CSV', 'JSON', 'XML map']);
  });

  it('finds nothing where only one name or only sentence openings stand before the noun', () => {
    expect(nounInstances(['Output format is set by a flag.', 'The default is the CSV format.'].map(line), 'format')).toEqual([]);
  });
});

describe('a question for formats named only in prose (no LLM)', () => {
  const subject = generatedDocument(
    () =>
      drawPdf([
        (doc) => {
          at(doc, 72, 60, 'Output', { bold: true, size: 14 });
          at(doc, 72, 86, 'The default output of the tool is written in CSV format to the standard output.');
          at(doc, 72, 100, 'The results can also be printed in JSON format with the -j option, and/or in XML map');
          at(doc, 72, 114, '(tree map) format with the -x option. In the examples below, the first prints results in');
          at(doc, 72, 128, 'CSV and JSON formats, and the second in JSON and XML map formats.');
          at(doc, 72, 160, 'Installation', { bold: true, size: 14 });
          at(doc, 72, 186, 'Unpack the archive and run make in the new directory.');
        },
      ]),
    'record-tool-guide.pdf',
  );

  it('answers with the named formats, not as complete', async () => {
    const { answer } = await subject.ask<ListingAnswer>('In which formats can the tool write its results?');
    expect(answer.items.map((i) => i.name).sort()).toEqual(['CSV', 'JSON', 'XML map']);
    expect(answer.isComplete).not.toBe(true);
  });
});
