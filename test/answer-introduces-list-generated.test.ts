import { describe, expect, it } from 'vitest';
import type { Answer, ListingAnswer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * A question that reads as factual ("What do I need to have installed first?") whose best
 * sentences end in one that introduces a list ("... you will need the following programs
 * installed:"): the extract would stop at the colon. The list it introduces is the answer.
 */

const guide: Draw[] = [
  (doc) => {
    at(doc, 72, 60, '1 About', { bold: true, size: 14 });
    at(doc, 72, 86, 'The relay forwards messages between two networks and keeps a log of every transfer.');
    at(doc, 72, 118, '2 Installation', { bold: true, size: 14 });
    at(doc, 72, 144, 'The easiest way to install the relay is the package of your system. Packages exist for most');
    at(doc, 72, 158, 'systems. If you want to compile it yourself, you will need the following programs installed:');
    at(doc, 90, 178, '• a C compiler');
    at(doc, 90, 194, '• make');
    at(doc, 90, 210, '• zlib headers');
    at(doc, 90, 226, '• pkg-config');
    at(doc, 72, 252, 'Then run make in the source folder and copy the program to a folder on your path.');
    at(doc, 72, 284, '3 Running', { bold: true, size: 14 });
    at(doc, 72, 310, 'Start the relay with the name of its configuration file as the only argument.');
  },
];

describe('a factual question whose extract ends in a sentence that introduces a list (no LLM)', () => {
  const subject = generatedDocument(() => drawPdf(guide), 'relay-guide.pdf');

  it('answers with the list that sentence introduces', async () => {
    const { answer, trace } = await subject.ask<Answer>('I want to build the relay from source without a package. What do I need to have installed first?');
    expect(answer.kind).toBe('listing');
    expect((answer as ListingAnswer).items.map((i) => i.name)).toEqual(['a C compiler', 'make', 'zlib headers', 'pkg-config']);
    expect(trace.some((t) => t.step === 'intent_from_answer' && /introduces list/.test(t.decision ?? ''))).toBe(true);
  });

  it('leaves a question answered by a sentence of its own factual', async () => {
    const { answer } = await subject.ask<Answer>('What argument does the relay take when it starts?');
    expect(answer.kind).toBe('factual');
  });
});

/**
 * A slide whose points are all bulleted, one of them "Different states:" over the states it
 * introduces, asked for after the question sets its scene in words no list holds ("A tool I rely
 * on looks abandoned."). Both levels are marked alike, as slides mark them. The nested list is announced by the item noun alone and leads the
 * runner-up clearly; the slide's points flattened together are not the answer. Each slide is
 * bookmarked, as slide decks are.
 */
const slides: Draw[] = [
  (doc) => {
    doc.outline.addItem('Adopting orphaned projects');
    at(doc, 20, 20, 'Adopting orphaned projects', { bold: true, size: 14 });
    at(doc, 30, 50, '• Many unmaintained projects in the archive', { size: 10 });
    at(doc, 30, 68, '• Full list and process on the web site', { size: 10 });
    at(doc, 30, 86, '• Different states:', { size: 10 });
    at(doc, 50, 101, '• Orphaned: the project is unmaintained', { size: 9 });
    at(doc, 50, 115, '• RFA: request for adopter', { size: 9 });
    at(doc, 50, 129, '• ITA: intent to adopt', { size: 9 });
    at(doc, 30, 147, '• When in doubt, ask the quality team', { size: 10 });
  },
  (doc) => {
    doc.outline.addItem('Getting your project in');
    at(doc, 20, 20, 'Getting your project in', { bold: true, size: 14 });
    at(doc, 30, 50, '• Find a sponsor among the developers', { size: 10 });
    at(doc, 30, 68, '• Upload to the queue and wait for review', { size: 10 });
  },
  (doc) => {
    doc.outline.addItem('Where to find help');
    at(doc, 20, 20, 'Where to find help', { bold: true, size: 14 });
    at(doc, 30, 50, '• The mailing lists and the chat channels', { size: 10 });
    at(doc, 30, 68, '• The wiki pages of each team', { size: 10 });
  },
];

describe('a nested list announced by the item noun alone (no LLM)', () => {
  const subject = generatedDocument(() => drawPdf(slides), 'tutorial-slides.pdf');
  it('answers with the states under "Different states:", not every point of the slide', async () => {
    const { answer } = await subject.ask<ListingAnswer>('A tool I rely on looks abandoned. What states can such a thing be flagged with?');
    expect(answer.items.map((i) => i.name)).toEqual(['Orphaned', 'RFA', 'ITA']);
  });
});
