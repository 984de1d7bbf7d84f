import { describe, expect, it } from 'vitest';
import type { Answer, ListingAnswer } from '../src/answer/types.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * A service manual, built to isolate two mechanisms:
 * - routing that descends one step too far, into one leaf of the section the question asks
 *   about ("4.2.2 Service agreement hours" for the topics an agreement covers): the leaf's siblings under
 *   their parent are the set it reached, and they compete as a list;
 * - a list introduced as the kinds of the thing asked about ("The three most common types
 *   are:") proves itself whole only for a question that asks for kinds.
 */

const SUBS: [string, string][] = [
  ['Introduction', 'Names the parties to the service agreement and the term it runs for.'],
  // The leaf whose words pull routing into it.
  ['Service agreement hours', 'The service agreement covers the service hours, and the agreement covers service days.'],
  ['Availability', 'How much of the service time the service must be up, measured monthly.'],
  ['Billing', 'What the service costs and when the agreement says it is invoiced.'],
];

function manual(): Draw[] {
  return [
    (doc) => {
      at(doc, 72, 60, '4 Service Agreements', { bold: true, size: 14 });
      at(doc, 72, 90, 'This chapter is for the operators of a school.');
      at(doc, 72, 120, '4.1 Planning', { bold: true, size: 12 });
      at(doc, 72, 144, 'It is important to know the different types of agreement. The three most common types are:');
      ['Agreement per service for all schools', 'Agreement per school for all services', 'Agreement per service per school'].forEach((t, i) => {
        at(doc, 90, 168 + 16 * i, '•');
        at(doc, 104, 168 + 16 * i, t);
      });
      at(doc, 72, 228, 'Operators plan the measurements before anything is signed.');
      at(doc, 72, 274, '4.2 Agreement Topics', { bold: true, size: 12 });
      SUBS.forEach(([title, body], i) => {
        at(doc, 72, 304 + 56 * i, `4.2.${i + 1} ${title}`, { bold: true, size: 11 });
        at(doc, 72, 326 + 56 * i, body);
      });
    },
    (doc) => {
      at(doc, 72, 60, '5 Records', { bold: true, size: 14 });
      at(doc, 72, 90, 'Operators keep the records of each school for five years.');
    },
  ];
}

describe('a leaf routed past its set, and a list of kinds (generated)', () => {
  const doc = generatedDocument(() => drawPdf(manual()), 'service-manual.pdf');

  it('answers with the sub-sections of the section holding the leaf routing reached', async () => {
    const { answer, trace } = await doc.ask<ListingAnswer>('Which topics should a service agreement cover?');
    // Routing went on into one of the topics: the leaf is not the answer, its set is.
    const routed = trace.filter((t) => t.stage === 'route' && t.step === 'level').map((t) => t.decision);
    expect(routed.at(-1)).toContain('4.2.2 Service agreement hours');
    expect(answer.items.map((i) => i.name)).toEqual(SUBS.map(([t], i) => `4.2.${i + 1} ${t}`));
    // Sub-entries found beside routing, and a question that names none of them: not proven whole.
    expect(answer.isComplete).not.toBe(true);
  });

  it('proves a list of kinds whole only for a question that asks for kinds', async () => {
    const kinds = await doc.ask<ListingAnswer>('What are the most common types of service agreement?');
    expect(kinds.answer.items.map((i) => i.name)).toHaveLength(3);
    expect(kinds.answer.isComplete).toBe(true);
    const plain = await doc.ask<ListingAnswer>('What are the most common agreements?');
    expect(plain.answer.items.map((i) => i.name)).toEqual(kinds.answer.items.map((i) => i.name));
    expect(plain.answer.isComplete).toBeNull();
    expect(plain.answer.completenessReason).toMatch(/no structure or stated count/);
  });
});

/**
 * The routed section's two sub-entries, which do not name the item noun, and a sentence there
 * that counts two of the items asked for: the count met by the sub-entries' number proves
 * nothing, for they are not the counted things.
 */
function policy(): Draw[] {
  return [
    (doc) => {
      at(doc, 72, 60, '1 Packaging', { bold: true, size: 14 });
      at(doc, 72, 90, 'This chapter sets out how the toolkit is packaged.');
      at(doc, 72, 120, '1.1 Versions', { bold: true, size: 12 });
      at(doc, 72, 144, 'Each version of the toolkit is kept for two releases.');
      at(doc, 72, 174, '1.2 Shells', { bold: true, size: 12 });
      at(doc, 72, 198, 'The default shell packages are built as 2 separate packages, one for each shell.');
      at(doc, 72, 228, '1.2.1 Shell names', { bold: true, size: 11 });
      at(doc, 72, 250, 'Each shell is named after the toolkit and its version.');
      at(doc, 72, 280, '1.2.2 Shell locations', { bold: true, size: 11 });
      at(doc, 72, 302, 'Each shell lives under the system binary folder.');
    },
  ];
}

describe('a count met by sub-entries that are not the counted things (generated)', () => {
  const doc = generatedDocument(() => drawPdf(policy()), 'toolkit-policy.pdf');

  it('does not call the sub-entries complete from a count of other things', async () => {
    const { answer, trace } = await doc.ask<ListingAnswer>('Which default shell packages does the policy name?');
    const cue = trace.find((t) => t.stage === 'list' && t.step === 'cardinality');
    expect(cue?.decision).toContain('document states 2');
    expect(answer.items.map((i) => i.name)).toEqual(['1.2.1 Shell names', '1.2.2 Shell locations']);
    expect(answer.isComplete).toBeNull();
  });
});

/**
 * A command reference whose sub-entries are kinds of commands ("1.1 General Commands" ...
 * "1.3 Receiver Commands"): a question for the receiver commands names one sub-entry whole.
 * Routing lands in it; it is the container asked about, so its siblings are not offered as the
 * set it belongs to, and the kinds of commands are never the answer.
 */
function reference(): Draw[] {
  const KINDS: [string, string[]][] = [
    ['General Commands', ['The debug command sets the level of the messages the tool prints.', 'The log command names the file the messages are written to.']],
    ['Sender Commands', ['The send command names a file to send to the group.', 'The rate command sets the rate the sender sends at.']],
    ['Receiver Commands', ['The output command names the folder received files are written to.', 'The cache command names the folder for files still being received.']],
  ];
  return [
    (doc) => {
      at(doc, 72, 60, '1 Command Reference', { bold: true, size: 14 });
      at(doc, 72, 90, 'The tool is driven by commands given on its command line, in any order.');
      KINDS.forEach(([title, lines], i) => {
        at(doc, 72, 130 + 90 * i, `1.${i + 1} ${title}`, { bold: true, size: 12 });
        lines.forEach((t, k) => at(doc, 72, 154 + 90 * i + 16 * k, t));
      });
    },
    (doc) => {
      at(doc, 72, 60, '2 Records', { bold: true, size: 14 });
      at(doc, 72, 90, 'Operators keep the records of each run of the tool for five years.');
    },
  ];
}

describe('a question that names one sub-entry whole (generated)', () => {
  const doc = generatedDocument(() => drawPdf(reference()), 'command-reference.pdf');

  it('does not answer with the sub-entries when the question names one of them whole', async () => {
    const { answer, trace } = await doc.ask<Answer>('How many receiver commands does the reference describe?');
    expect(trace.filter((t) => t.step === 'level').at(-1)?.decision).toContain('1.3 Receiver Commands');
    // No list of its own to sweep: the section's sentences answer, claiming nothing about a list.
    const names = answer.kind === 'factual' ? [] : answer.items.map((i) => i.name);
    expect(names).not.toContain('1.1 General Commands');
    if (answer.kind === 'factual') expect(answer.section?.title).toContain('1.3 Receiver Commands');
    else expect(answer.isComplete).not.toBe(true);
  });
});

/**
 * A document whose top level is sections, no chapter above them: four titled by the instances of
 * one noun ("1.1 The System Domain" ... "1.4 The Users Domain"), then two about other things
 * ("1.5 Structure of a Domain", "1.6 Configuration"). Routing ends in one of the four; the run
 * of sections titled by the item noun around it is the set, the top level's other sections not.
 */
const DOMAINS: [string, string][] = [
  ['The System Domain', 'Holds the programs and libraries that come with the operating system.'],
  ['The Local Domain', 'Holds the programs the administrator installs for every account on this machine.'],
  ['The Network Domain', 'Holds programs shared by several machines, mounted from a file server.'],
  ['The Users Domain', 'Holds each user\'s own files. It includes the defaults, the settings and the caches of each user.'],
];

function hierarchy(): Draw[] {
  return [
    (doc) => {
      DOMAINS.forEach(([title, body], i) => {
        at(doc, 72, 60 + 60 * i, `1.${i + 1} ${title}`, { bold: true, size: 12 });
        at(doc, 72, 84 + 60 * i, body);
      });
      at(doc, 72, 300, '1.5 Structure of a Domain', { bold: true, size: 12 });
      at(doc, 72, 324, 'Every domain has folders for programs, libraries, documentation and settings, and a');
      at(doc, 72, 338, 'program finds each folder by asking the toolkit where it is for the domain at hand.');
      at(doc, 72, 380, '1.6 Configuration', { bold: true, size: 12 });
      at(doc, 72, 404, 'A configuration file says where each folder is; it is read once, when a program starts.');
    },
  ];
}

describe('sections titled by the instances of the item noun at the top level (generated)', () => {
  const doc = generatedDocument(() => drawPdf(hierarchy()), 'toolkit-hierarchy.pdf');

  it('answers with the run of sections titled by the item noun, not the other top-level sections', async () => {
    const { answer, trace } = await doc.ask<ListingAnswer>('How many domains does the toolkit spread installed programs and user files across, and which are they?');
    const routed = trace.filter((t) => t.stage === 'route' && t.step === 'level').map((t) => t.decision);
    // Routing ends in the leaf whose title the question names and which holds a list of its own.
    expect(routed.at(-1)).toContain('1.4 The Users Domain');
    expect(answer.items.map((i) => i.name)).toEqual(DOMAINS.map(([t], i) => `1.${i + 1} ${t}`));
    expect(answer.count).toBe(4);
    // Found beside routing, with no count stated: never proven whole.
    expect(answer.isComplete).not.toBe(true);
  });
});
