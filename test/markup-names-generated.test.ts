import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { withoutDocumentWords } from '../src/answer/answer-question.ts';
import { understandQuestion } from '../src/question/understand.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt } from './helpers/make-pdf.ts';

/**
 * A schema whose file is named after its root element ("widget-registry-schema.pdf") and whose
 * sections are titled by the tags they describe ("2 Registry Root (<registry> tag)"). A question
 * that writes the tag in angle brackets names that element literally, as a quoted name would:
 * the word is the document's name too, but the markup name is the element's and routes.
 */

const L = 72;
const pdf = () =>
  drawPdf([
    (doc) => {
      doc.outline.addItem('1 XML Registry Schema');
      textAt(doc, L, 60, '1 XML Registry Schema', { bold: true, size: 14 });
      textAt(doc, L, 86, 'The registry is kept in XML files that a schema validates; the tags are described below.');
      doc.outline.addItem('2 Registry Root (<registry> tag)');
      textAt(doc, L, 120, '2 Registry Root (<registry> tag)', { bold: true, size: 14 });
      textAt(doc, L, 146, 'A <registry> holds the whole definition of the widgets. It contains the following tags:');
      textAt(doc, L + 18, 166, '\u2022 <types> - defines the widget types.');
      textAt(doc, L + 18, 182, '\u2022 <enums> - defines the named constants.');
      textAt(doc, L + 18, 198, '\u2022 <commands> - defines the widget commands.');
      doc.outline.addItem('3 Required Interfaces (<require> and <remove> tags)');
      textAt(doc, L, 232, '3 Required Interfaces (<require> and <remove> tags)', { bold: true, size: 14 });
      textAt(doc, L, 258, 'A <require> tag lists what a feature needs, a <remove> tag what it drops. Their tags:');
      textAt(doc, L + 18, 278, '\u2022 name - name of the command.');
      textAt(doc, L + 18, 294, '\u2022 comment - arbitrary text, unused.');
      textAt(doc, L, 320, 'Tags of other kinds may appear inside these tags in later versions of the schema.');
    },
  ]);

describe('a markup name the question writes', () => {
  it('is a literal phrase of the question, kept though the document is named by its word', () => {
    const u = understandQuestion('Which tags can appear directly inside the <registry> root element?');
    expect(u.phrases).toEqual(['<registry>']);
    const kept = withoutDocumentWords(u, { file_name: 'widget-registry-schema.pdf', title: null });
    expect(kept.phrases).toEqual(['<registry>']);
  });

  const doc = generatedDocument(pdf, 'widget-registry-schema.pdf');

  it('routes to the section titled by the element', async () => {
    const { answer } = await doc.ask<ListingAnswer>('Which tags can appear directly inside the <registry> root element?');
    expect(answer.items.map((i) => i.name.split(' ')[0])).toEqual(['<types>', '<enums>', '<commands>']);
  });
});
