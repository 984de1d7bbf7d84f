import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt, type Draw } from './helpers/make-pdf.ts';

/**
 * A format specification whose name holds the noun the question asks for ("Widget Archive File
 * Format", "what kinds of files make up a widget archive?"). The words of a document's name are
 * everywhere in it and route nowhere, so routing drops them; when they are nearly all the
 * question's words, the item phrase must stay, or what is left ("kinds", "make") matches no list,
 * and the list its intro names ("the following files:") loses to any enumeration. And "kinds of
 * files" names its members as files: that list's intro names the item noun, though a section
 * titled "Store files" holds another list routing may prefer.
 */

const L = 72;
const STEP = 16;

function page(title: string, lines: string[], bullets: string[] = [], lead?: string): Draw {
  return (doc) => {
    textAt(doc, L, 60, title, { bold: true, size: 14 });
    let y = 92;
    for (const t of lines) (textAt(doc, L, y, t), (y += STEP));
    if (lead) (textAt(doc, L, y + 6, lead), (y += STEP + 10));
    for (const b of bullets) {
      textAt(doc, L + 10, y, '•');
      textAt(doc, L + 24, y, b);
      y += STEP;
    }
  };
}

const spec = () =>
  drawPdf([
    page('1 About this document', ['This document defines the widget archive file format, version 2.', 'A widget archive holds the state of one widget store.']),
    page('2 Archive format', ['A widget archive is a folder of plain text files and binary files.'], ['manifest.txt: the index of the archive', 'Store files: one per widget store', 'Blob files: the raw widget data'], 'An archive contains the following files:'),
    page('3 Store files', ['Each store file is a plain text file of one widget store.'], ['header: the store name', 'body: one line per widget', 'trailer: the line count'], 'A store file has the following sections:'),
    page('4 Readers', ['A reader must check these points before loading an archive:'], ['The version is 2', 'The manifest lists every store file', 'No blob file is empty', 'The archive is not locked']),
  ]);

describe('the item noun among the words of the document\'s name (generated)', () => {
  const doc = generatedDocument(spec, 'widget-archive-file-format.pdf');

  it('finds the list its intro names by the item noun, though the noun is in the document\'s name', async () => {
    const { answer } = await doc.ask<ListingAnswer>('What kinds of files make up a widget archive?');
    expect(answer.items.map((i) => i.name)).toEqual(['manifest.txt', 'Store files', 'Blob files']);
  });
});
