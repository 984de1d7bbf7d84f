import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { isSetAside } from '../src/listing/set-aside.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * Two ways a question narrows the part it asks about: the section it routes to is titled by the
 * item noun ("2 Parties" for "who are the parties"), so a list elsewhere is not its answer; and it
 * sets one sub-section aside ("leaving out the imported printer parameters"), so that child is
 * not among the items.
 */

const body = 'The clerk keeps the record of each meeting and sends it to every member within a week.';

const page1: Draw = (doc) => {
  at(doc, 72, 60, '1 Introduction', { bold: true, size: 16 });
  at(doc, 72, 88, 'The voting protocol is used in three settings:');
  ['Small clubs of a town', 'Boards of companies', 'Councils of a city'].forEach((t, i) => at(doc, 86, 106 + 16 * i, `• ${t}`));
  at(doc, 72, 160, body);
  at(doc, 72, 200, '2 Parties', { bold: true, size: 16 });
  ['Chair: opens and closes the vote', 'Voter: casts one ballot per round', 'Teller: counts the ballots in public'].forEach((t, i) => at(doc, 86, 228 + 16 * i, `• ${t}`));
  at(doc, 72, 290, 'No one may act in two of these roles in the same vote.');
};

const page2: Draw = (doc) => {
  at(doc, 72, 60, '3 Parameters', { bold: true, size: 16 });
  at(doc, 72, 88, 'A vote is set up by the parameters of this section before the first round.');
  const subs = ['3.1 Vote Length', '3.2 Quorum Size', '3.3 Ballot Format', '3.4 Imported Printer Parameters'];
  subs.forEach((t, i) => {
    at(doc, 72, 125 + 70 * i, t, { bold: true, size: 13 });
    at(doc, 72, 147 + 70 * i, `${body} It holds for ${t.slice(4).toLowerCase()} as for the rest.`);
  });
};

describe('isSetAside', () => {
  it('needs two of the set-aside words in the title, or the only one there is', () => {
    expect(isSetAside('3.4 Imported Printer Parameters', ['imported', 'printer'])).toBe(true);
    expect(isSetAside('3.2 Printer Setup', ['imported', 'printer'])).toBe(false);
    expect(isSetAside('Debug Commands', ['debug'])).toBe(true);
    expect(isSetAside('Debug Commands', [])).toBe(false);
  });
});

describe('a question narrowed by its section (no LLM)', () => {
  const subject = generatedDocument(() => drawPdf([page1, page2]), 'voting-protocol.pdf');

  it('answers "who are the parties" from the list under the section titled by that noun, not the first list', async () => {
    const { answer } = await subject.ask<ListingAnswer>('Who are the parties of the voting protocol?');
    expect(answer.kind).toBe('listing');
    expect(answer.items.map((i) => i.name)).toEqual(['Chair', 'Voter', 'Teller']);
  });

  it('leaves out the sub-section the question sets aside', async () => {
    const { answer } = await subject.ask<ListingAnswer>('Which parameters does section 3 describe, leaving out the imported printer parameters?');
    expect(answer.items.map((i) => i.name.replace(/^3\.\d\s+/, ''))).toEqual(['Vote Length', 'Quorum Size', 'Ballot Format']);
  });
});

describe('a numbered section and a sub-entry the rest of the question names (no LLM)', () => {
  const page = (titles: string[]): Draw => (doc) =>
    titles.forEach((t, i) => {
      at(doc, 72, 60 + 80 * i, t, { bold: true, size: /^\d+ /.test(t) ? 16 : 13 });
      at(doc, 72, 85 + 80 * i, `${body} This part is about ${t.replace(/^[\d.]+\s+/, '').toLowerCase()}.`);
    });
  const subject = generatedDocument(
    () =>
      drawPdf([
        page(['1 Introduction', '2 Parties', '3 Setup']),
        page(['4 Messages', '4.1 Setup Messages', '4.2 Voting Messages', '4.3 Threshold Decryption Messages']),
        page(['4.3.1 Partial Keys', '4.3.2 Key Shares', '4.3.3 Share Checks', '4.4 Result Messages']),
        page(['5 Security', '5.1 Threats', '5.2 Proofs']),
      ]),
    'ballot-spec.pdf',
  );

  it('descends from the numbered chapter to the sub-entry its other words name', async () => {
    const { answer, trace } = await subject.ask<ListingAnswer>('What are the sub-sections of the part of chapter 4 that covers messages for threshold decryption?');
    expect(answer.items.map((i) => i.name)).toEqual(['4.3.1 Partial Keys', '4.3.2 Key Shares', '4.3.3 Share Checks']);
    const levels = trace.filter((t) => t.step === 'level').map((t) => (t.output as { pick: { title: string } | null }).pick?.title ?? null);
    expect(levels.slice(0, 2)).toEqual(['4 Messages', '4.3 Threshold Decryption Messages']);
  });

  it('stays in the numbered chapter when the other words name no one sub-entry', async () => {
    const { answer } = await subject.ask<ListingAnswer>('What are the sub-sections of chapter 4 on messages?');
    expect(answer.items.map((i) => i.name)).toEqual(['4.1 Setup Messages', '4.2 Voting Messages', '4.3 Threshold Decryption Messages', '4.4 Result Messages']);
  });
});
