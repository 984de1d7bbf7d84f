import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { buildToc } from '../src/toc/index.ts';
import { generatedDocument } from './helpers/generated-doc.ts';
import { drawPdf, textAt as at, type Draw } from './helpers/make-pdf.ts';

/**
 * A made-up registry of valve types: each type is a record of the same labelled fields (label on
 * the left, value in a column to its right), set one after another under two sections; prose
 * between the records speaks of them.
 */
const REGISTRY: [string, string, [string, string, string][]][] = [
  ['2.1 Valves (low pressure)', 'Valves rated below ten bar.', [
    ['LP1', 'Gate valve', 'Harbour Fittings'],
    ['LP2', 'Globe valve', 'Ostrava Pumpworks'],
    ['LP3', 'Needle valve', 'Harbour Fittings'],
  ]],
  ['2.2 Valves (high pressure)', 'Valves rated at ten bar or more.', [
    ['HP1', 'Ball valve', 'Ostrava Pumpworks'],
    ['HP2', 'Plug valve', 'Lindqvist Hydraulics'],
  ]],
];

function registryPages(): Draw[] {
  return REGISTRY.map(([title, intro, records]) => (doc: PDFKit.PDFDocument) => {
    doc.outline.addItem(title);
    at(doc, 72, 60, title, { bold: true, size: 13 });
    at(doc, 72, 84, intro);
    let y = 112;
    for (const [code, kind, maker] of records) {
      for (const [label, value] of [['Registry code:', code], ['Valve kind:', kind], ['Maker:', maker], ['Seat material:', 'bronze']] as const) {
        at(doc, 72, y, label);
        at(doc, 180, y, value);
        y += 15;
      }
      at(doc, 90, y + 4, `The ${kind.toLowerCase()} is serviced once a year.`);
      y += 34;
    }
  });
}

describe('records of labelled fields (generated)', () => {
  it('reads each block of the same fields as one record named by its first value, per section and in all, with the fields nested in it', async () => {
    const parsed = await parsePdf(new Uint8Array(await drawPdf(registryPages())), { pageCap: 5 });
    const model = buildStructure(parsed, buildToc(parsed).entries);
    const labels = (id: number) => model.items.filter((i) => i.listId === id).map((i) => i.label);
    const records = model.lists.filter((l) => l.kind === 'record');
    const all = records.find((l) => l.parentList === null)!;
    expect(labels(all.id)).toEqual(['LP1', 'LP2', 'LP3', 'HP1', 'HP2']);
    // Every "Registry code:" line opens one of the records: the set is closed.
    expect(all.sequential).toBe(true);
    expect(records.filter((l) => l.parentList === all.id).map((l) => [l.heading, labels(l.id)])).toEqual([
      ['2.1 Valves (low pressure)', ['LP1', 'LP2', 'LP3']],
      ['2.2 Valves (high pressure)', ['HP1', 'HP2']],
    ]);
    expect(model.items.find((i) => i.label === 'HP2' && i.listId === all.id)!.text).toBe('Registry code: HP2; Valve kind: Plug valve; Maker: Lindqvist Hydraulics; Seat material: bronze');
    // A record's fields are a list a level below it, not a rival of the records.
    const fieldLists = model.lists.filter((l) => l.kind !== 'record' && labels(l.id)[0] === 'Registry code');
    expect(fieldLists.length).toBe(5);
    expect(fieldLists.every((l) => l.parentList !== null && records.some((r) => r.id === l.parentList))).toBe(true);
  });

  const registry = generatedDocument(() => drawPdf(registryPages()), 'valve-registry.pdf');

  it('answers with the records of the section the question names (its title in another word order), not the field names', async () => {
    const { answer } = await registry.ask<ListingAnswer>('Which valves does the registry guide record in the section on high pressure valves?');
    expect(answer.items.map((i) => i.name)).toEqual(['HP1', 'HP2']);
    // Each record cites its lines and keeps its fields as its whole text.
    expect(answer.items[1]!.surfaceForms).toContain('Registry code: HP2; Valve kind: Plug valve; Maker: Lindqvist Hydraulics; Seat material: bronze');
    // The scope's title is what ties the records to a question whose other words no list holds.
    const wordy = await registry.ask<ListingAnswer>('Which valves does the registry guide, revised each spring by the standards office, record in the section on low pressure valves?');
    expect(wordy.answer.items.map((i) => i.name)).toEqual(['LP1', 'LP2', 'LP3']);
  });

  it('keeps the records whose fields hold what the question asks of them, never proven whole', async () => {
    const { answer } = await registry.ask<ListingAnswer>('Which of the registered valves list Harbour Fittings as their maker?');
    expect(answer.items.map((i) => i.name)).toEqual(['LP1', 'LP3']);
    expect(answer.isComplete).not.toBe(true);
  });
});
