import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { countedNoun } from '../src/structure/counted-intro.ts';
import { buildToc } from '../src/toc/index.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * A counted intro that hands its members to paragraphs of their own: "Two modes of operation
 * must be offered by every pump:" then "The manual mode ..." and "The timed mode ...". A sentence
 * in between that names the noun without opening with a member ("No limit is set for the manual
 * mode ...") is none; an intro whose count the paragraphs do not meet makes no list.
 */

const guide: Draw[] = [
  (doc) => {
    at(doc, 72, 60, '1 Operation', { bold: true, size: 14 });
    at(doc, 72, 86, 'Every pump in the network reports its state to the station once a minute.');
    at(doc, 72, 104, 'Two modes of operation must be offered by');
    at(doc, 72, 118, 'every pump in the network:');
    at(doc, 72, 136, 'The manual mode runs the pump while the operator');
    at(doc, 72, 150, 'holds the switch on the panel.');
    at(doc, 72, 168, 'The timed mode runs the pump for the time set on the');
    at(doc, 72, 182, 'dial. No limit is set for the manual mode by the');
    at(doc, 72, 196, 'network, but the station logs long runs.');
    at(doc, 72, 224, '2 Alarms', { bold: true, size: 14 });
    at(doc, 72, 250, 'Three alarm levels are set in the station:');
    at(doc, 72, 268, 'The low level sounds a short tone at the panel.');
    at(doc, 72, 286, 'The high level stops the pump at once.');
    at(doc, 72, 304, 'Both levels are logged with the time they were reached.');
  },
];

describe('members a counted intro hands to paragraphs', () => {
  it('reads the count and the noun the members are named by', () => {
    expect(countedNoun('Three types of response should be provided by a meter:')).toEqual({ count: 3, noun: 'response' });
    expect(countedNoun('There are four stages in the review:')).toEqual({ count: 4, noun: 'stages' });
    expect(countedNoun('Chapter Three describes the stages:')).toBeNull();
  });

  it('makes one list of as many paragraph openings as the intro counts, and none when they fall short', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(guide)), { pageCap: 10 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const counted = model.lists.filter((l) => l.style === 'counted');
    expect(counted).toHaveLength(1);
    expect(counted[0]!.intro).toBe('Two modes of operation must be offered by every pump in the network:');
    const items = model.items.filter((i) => i.listId === counted[0]!.id);
    expect(items.map((i) => i.label)).toEqual(['manual', 'timed']);
    // A member is its opening sentence: the next one speaks of another member.
    expect(items[1]!.text).toBe('The timed mode runs the pump for the time set on the dial.');
  });
});

describe('a question for the members (no LLM)', () => {
  const subject = generatedDocument(() => drawPdf(guide), 'pump-guide.pdf');

  it('answers with the members the paragraphs name', async () => {
    const { answer } = await subject.ask<ListingAnswer>('Which modes of operation does a pump have to offer?');
    expect(answer.items.map((i) => i.name)).toEqual(['manual', 'timed']);
  });
});
