import { describe, expect, it } from 'vitest';
import type { ListingAnswer } from '../src/answer/types.ts';
import { chaptersWithSectionsPdf } from './helpers/chapters-pdf.ts';
import { generatedDocument } from './helpers/generated-doc.ts';

describe('a listing scoped by a section number (no LLM)', () => {
  const subject = generatedDocument(
    () =>
      chaptersWithSectionsPdf(),
    'regulation.pdf',
  );

  it('stops at the section the question numbers and lists the entries under it, not every entry of that noun', async () => {
    const { answer, trace } = await subject.ask<ListingAnswer>('Which articles make up Section 2 of Chapter III?');
    expect((trace.find((t) => t.step === 'read_section')!.output as { title: string }).title).toBe('SECTION 2 Penalties');
    expect(answer.items.map((i) => i.name)).toEqual(['Article 7 Fines', 'Article 8 Bans']);
  });
});
