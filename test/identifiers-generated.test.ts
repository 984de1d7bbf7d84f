import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import type { ListingAnswer } from '../src/answer/types.ts';
import { excludedWords, understandQuestion } from '../src/question/understand.ts';
import { rows } from '../src/db/client.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { parseCode } from '../src/structure/identifiers.ts';
import { buildToc } from '../src/toc/index.ts';
import { askGenerated, ingestGenerated } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

describe('identifier grammar: the hierarchy is read from the code itself', () => {
  it.each([
    ['3.7.1', '9.9.9', 3, '3.7'],
    ['3.7', '9.9', 2, '3'],
    ['GV.OC-01', 'A.A-9', 3, 'GV.OC'],
    ['GV.OC', 'A.A', 2, 'GV'],
    ['SC-7(3)', 'A-9(9)', 3, 'SC-7'],
    ['AC-2', 'A-9', 2, 'AC'],
    ['V5.1.1', 'A9.9.9', 4, 'V5.1'],
    ['MEASURE 2.10', 'A 9.9', 3, 'MEASURE 2'],
  ])('%s: family %s, depth %i, parent %s', (code, family, depth, parent) => {
    expect(parseCode(code)).toMatchObject({ family, depth, parent });
  });
});

/**
 * A made-up handbook: two numbered parts, each defining coded rules in two runs under their own
 * title lines, with a "Guidance" heading and prose after each rule (which must not split a run).
 */
function handbookPages(chapter = ''): Draw[] {
  const part = (doc: PDFKit.PDFDocument, n: number | string, title: string, rules: string[][]) => {
    at(doc, 72, 60, `${n} ${title}`, { bold: true, size: 14 });
    let y = 90;
    rules.forEach((run, r) => {
      at(doc, 72, y, r === 0 ? 'Core Rules' : 'Extended Rules');
      y += 20;
      run.forEach((text, i) => {
        const code = `${n}.${rules.slice(0, r).flat().length + i + 1}`;
        at(doc, 72, y, `${code} ${text}`, { bold: true });
        at(doc, 72, y + 18, 'Guidance', { bold: true });
        at(doc, 72, y + 36, `Crews apply rule ${code} on every shift and record it in the log.`);
        y += 62;
      });
    });
  };
  return [
    (doc) =>
      part(doc, `${chapter}7`, 'CONTAINER HANDLING', [
        ['Inspect every seal before lifting.', 'Weigh each container at the gate.'],
        ['Stack no more than five high.', 'Keep reefers powered at all times.', 'Log every damaged corner.'],
      ]),
    (doc) =>
      part(doc, `${chapter}8`, 'VESSEL BERTHING', [
        ['Confirm the berth window with the pilot.', 'Check fender condition daily.'],
        ['Record mooring line tension hourly.', 'Report any drift to the harbour master.'],
      ]),
  ];
}

describe('identifier index on a generated PDF', () => {
  it('defines each code once with its parent and level noun, and groups one level under one parent as a list with its runs', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(handbookPages())), { pageCap: 10 });
    const toc = buildToc(parsed);
    const model = buildStructure(parsed, toc.entries);
    const rule = model.identifiers.find((i) => i.code === '7.3')!;
    expect(rule).toMatchObject({ family: '9.9', depth: 2, parentCode: '7', title: 'Stack no more than five high.', pageNum: 1, heading: 'Extended Rules' });
    // "rule 7.3" is written often and mostly: the document's noun for that level.
    expect(rule.levelNoun).toBe('rule');
    const family = model.lists.filter((l) => l.kind === 'identifier' && l.parentList === null);
    const items = (id: number) => model.items.filter((i) => i.listId === id).map((i) => i.label);
    expect(family.map((l) => items(l.id))).toEqual([
      ['7.1', '7.2', '7.3', '7.4', '7.5'],
      ['8.1', '8.2', '8.3', '8.4'],
    ]);
    expect(family[0]).toMatchObject({ sequential: true, gapAfter: false, endedBy: 'heading', heading: '7 CONTAINER HANDLING' });
    // The runs under their title lines are lists nested in the family (no parent item).
    const runs = model.lists.filter((l) => l.kind === 'identifier' && l.parentList === family[0]!.id);
    expect(runs.map((r) => [r.heading, items(r.id)])).toEqual([
      ['Core Rules', ['7.1', '7.2']],
      ['Extended Rules', ['7.3', '7.4', '7.5']],
    ]);
    // The item text is the whole definition, code and title.
    expect(model.items.find((i) => i.label === '8.4')!.text).toBe('8.4 Report any drift to the harbour master.');
  });

  it('marks a family torn when the document mentions a later code it never defines', async () => {
    const pages = handbookPages();
    pages.push((doc) => at(doc, 72, 60, 'See also rule 8.5 in the annex.'));
    const parsed = await parsePdf(new Uint8Array(await drawPdf(pages)), { pageCap: 10 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const eight = model.lists.find((l) => l.kind === 'identifier' && l.parentList === null && l.heading?.startsWith('8 '))!;
    expect(eight.gapAfter).toBe(true);
  });
});

/**
 * A process guide: each step's tasks are codes after the word that names their level ("TASK
 * B-1 Plan the work ..."), each task under a heading of its own that does not write its code
 * ("WORK PLANNING"), as the outline shows; a caption with a dash number ("TABLE B-1:") is no task.
 */
function processGuidePages(): Draw[] {
  return [
    (doc) => {
      const step = doc.outline.addItem('3.1 BUILD');
      at(doc, 72, 60, '3.1 BUILD', { bold: true, size: 14 });
      at(doc, 72, 84, 'The Build step turns the plan into a working system.');
      at(doc, 72, 104, 'TABLE B-1: BUILD TASKS AND OUTCOMES', { bold: true });
      let y = 130;
      for (const [heading, task] of [
        ['WORK PLANNING', 'TASK B-1 Plan the work and name the people who carry it out.'],
        ['WORK EXECUTION', 'TASK B-2 Carry out the work as planned and record each change.'],
        ['WORK REVIEW', 'TASK B-3 Review the work with the owner before it is handed over.'],
      ] as const) {
        step.addItem(heading);
        at(doc, 72, y, heading, { bold: true, size: 12 });
        at(doc, 72, y + 20, task);
        at(doc, 72, y + 34, 'Expected Outputs: A record of the task and its results.');
        y += 70;
      }
    },
  ];
}

describe('codes after the word that names their level (generated)', () => {
  it('reads "TASK B-1 ..." as a code defined with its title, and gathers the tasks headed one by one under their step', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(processGuidePages())), { pageCap: 5 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    expect(model.identifiers.find((i) => i.code === 'B-2')).toMatchObject({ parentCode: 'B', title: 'Carry out the work as planned and record each change.' });
    expect(model.identifiers.some((i) => i.code === 'B-1' && i.title.startsWith('BUILD TASKS'))).toBe(false);
    const tasks = model.lists.find((l) => l.kind === 'identifier' && model.items.some((i) => i.listId === l.id && i.label === 'B-1'));
    expect(model.items.filter((i) => i.listId === tasks?.id).map((i) => i.label)).toEqual(['B-1', 'B-2', 'B-3']);
  });
});

describe('excluded words', () => {
  it('reads what a question sets aside, but not the negation of its own verb', () => {
    expect(excludedWords('List the extended rules of part 7 (not the core ones).')).toEqual(['core']);
    // The noun the question asks for is narrowed by the setting aside, not dropped, wherever it stands.
    expect(excludedWords('Which rules apply, other than the core rules?')).toEqual(['core']);
    expect(excludedWords('Which parameters does section 4 describe, leaving out the imported page device parameters?')).toEqual(['imported', 'page', 'device']);
    expect(excludedWords('List the commands, omitting the debug commands.')).toEqual(['debug']);
    expect(excludedWords('What property does the policy not insure?')).toEqual([]);
    // A leading clause sets a whole series aside, but not the words the question proper asks by.
    expect(excludedWords('Besides the Core, Profiles and Tiers, which other resources are there?')).toEqual(['core', 'profiles', 'tiers']);
    expect(excludedWords('In addition to the basic rules, which derived rules apply?')).toEqual(['basic']);
    expect(understandQuestion('List the extended rules of part 7 (not the core ones).').keywords).not.toContain('core');
  });
});

describe('identifier lists answer questions (no LLM)', () => {
  let app: App;
  let documentId: number;

  beforeAll(async () => {
    ({ app, documentId } = await ingestGenerated(await drawPdf(handbookPages()), 'handbook.pdf'));
  }, 60_000);

  afterAll(async () => app?.close());

  const ask = (text: string) => askGenerated<ListingAnswer>(app, documentId, text);

  it('stores the index in SQL, with its levels in a view', async () => {
    const levels = await rows<{ family: string; depth: number; level_noun: string | null; codes: number }>(
      app.db,
      sql`select family, depth, level_noun, codes from identifier_levels where document_id = ${documentId} order by codes desc`,
    );
    expect(levels[0]).toMatchObject({ family: '9.9', depth: 2, level_noun: 'rule', codes: 9 });
  });

  it('intent: a factual-sounding question routed to a coded section answers with its codes', async () => {
    const q = 'What does the handbook say about vessel berthing?';
    expect(understandQuestion(q).intent).toBe('factual');
    const { answer, trace } = await ask(q);
    expect(trace.find((t) => t.step === 'intent_from_section')?.decision).toMatch(/^listing/);
    expect(answer.kind).toBe('listing');
    expect(answer.items.map((i) => i.name)).toEqual(['8.1', '8.2', '8.3', '8.4']);
    expect(answer.items[0]!.surfaceForms).toContain('8.1 Confirm the berth window with the pilot.');
  });

  it('scope and exclusion: one run of a family when the question names it and sets the other aside', async () => {
    const { answer } = await ask('List the extended rules of container handling (not the core ones).');
    expect(answer.items.map((i) => i.name)).toEqual(['7.3', '7.4', '7.5']);
  });

  it('the whole family when the question names no run', async () => {
    const { answer } = await ask('Which rules apply to container handling?');
    expect(answer.items.map((i) => i.name)).toEqual(['7.1', '7.2', '7.3', '7.4', '7.5']);
  });
});

describe('a run of a family under the code the question names (generated, no LLM)', () => {
  let app: App;
  let documentId: number;

  // The same handbook a chapter down: parts "3.7" and "3.8", rules "3.7.1" ... in their runs.
  beforeAll(async () => {
    ({ app, documentId } = await ingestGenerated(await drawPdf(handbookPages('3.')), 'handbook-chapter.pdf'));
  }, 60_000);

  afterAll(async () => app?.close());

  it('sweeps the codes under the code, then keeps the run whose heading holds a word of the question the other run lacks', async () => {
    const { answer, trace } = await askGenerated<ListingAnswer>(app, documentId, 'Which extended rules does the Container Handling part (3.7) contain?');
    expect(answer.strategy).toBe('pattern/question-container');
    expect(answer.items.map((i) => i.name)).toEqual(['3.7.3', '3.7.4', '3.7.5']);
    expect(JSON.stringify(trace.filter((t) => t.step === 'run'))).toContain('Extended Rules');
    // A question naming no run, or both, gets every code under the part.
    const all = await askGenerated<ListingAnswer>(app, documentId, 'Which rules does the Container Handling part (3.7) contain?');
    expect(all.answer.items.map((i) => i.name)).toEqual(['3.7.1', '3.7.2', '3.7.3', '3.7.4', '3.7.5']);
  });
});
