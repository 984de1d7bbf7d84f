import { expect } from 'vitest';
import { parsePdf } from '../../src/parse/pdf-parser.ts';
import { buildStructure } from '../../src/structure/build-structure.ts';
import { buildToc } from '../../src/toc/index.ts';

/** The structure model of a generated PDF, with a lookup of one list's items by its intro. */
export async function structureOf(pdf: Buffer) {
  const parsed = await parsePdf(new Uint8Array(pdf), { pageCap: 10 });
  const model = buildStructure(parsed, buildToc(parsed).entries);
  /** The items of the list whose intro matches; the list must be there. */
  const itemsOf = (intro: RegExp) => {
    const list = model.lists.find((l) => intro.test(l.intro ?? ''));
    expect(list, String(intro)).toBeDefined();
    return model.items.filter((i) => i.listId === list!.id);
  };
  return { model, itemsOf };
}
