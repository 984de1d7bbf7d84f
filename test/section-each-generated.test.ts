import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { understandQuestion } from '../src/question/understand.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * Questions that give each member a division of the document to itself ("topics, each with a
 * chapter of its own"; "every tool the manual describes in a section of its own"): the members
 * are sections, not a list in the text, however many of the question's words a list holds.
 */
describe('understandQuestion: each member a section of its own', () => {
  it('reads "a chapter of its own" and "their own sections" as sections asked for, and nothing else', () => {
    expect(understandQuestion('How many topics, each with a chapter of its own, does the guide cover?').sectionEach).toBe(true);
    expect(understandQuestion('Which tools does the manual describe in sections of their own?').sectionEach).toBe(true);
    expect(understandQuestion('Which tools get their own sections in the manual?').sectionEach).toBe(true);
    expect(understandQuestion('Which tools does the introduction of the manual name?').sectionEach).toBe(false);
  });
});

/** A style guide whose chapters carry no numbers; its last chapter holds the one numbered list. */
const CHAPTERS = ['Introduction', 'Layout', 'Comments', 'Error Handling', 'Before You Commit'];

function guide(): Draw[] {
  return CHAPTERS.map((title, k) => (doc) => {
    doc.outline.addItem(title);
    at(doc, 72, 60, title, { bold: true, size: 16 });
    at(doc, 72, 90, `This chapter covers ${title.toLowerCase()} in the code of the project, with examples.`);
    if (k === CHAPTERS.length - 1) {
      at(doc, 72, 120, 'Before you commit, check each of the following:');
      ['The file is formatted by the project formatter', 'Each new function has a comment above it', 'Each error path has a test'].forEach((t, i) => {
        at(doc, 84, 140 + i * 16, `${i + 1}.`);
        at(doc, 100, 140 + i * 16, t);
      });
    }
  });
}

describe('topics each with a chapter of their own, routed to no one part (generated)', () => {
  const doc = generatedDocument(() => drawPdf(guide()), 'style-guide.pdf');

  it('answers with the top-level entries, not the checklist, and does not call unnumbered chapters whole', async () => {
    const { answer } = await doc.ask<ListingAnswer>('How many topics, each with a chapter of its own, does the guide cover, and what are they?');
    // Before: the checklist of the last chapter, the one numbered list.
    expect(answer.items.map((i) => i.name)).toEqual(CHAPTERS);
    expect(answer.count).toBe(CHAPTERS.length);
    expect(answer.isComplete).not.toBe(true);
  });
});
