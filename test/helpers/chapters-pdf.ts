import { drawPdf, textAt } from './make-pdf.ts';

/**
 * A made-up regulation printed as label lines over title lines: three chapters, the first with
 * articles directly, the others with sections numbered from 1 again in each chapter.
 */
export async function chaptersWithSectionsPdf(): Promise<Buffer> {
  const centred = (doc: Parameters<typeof textAt>[0], y: number, text: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11);
    textAt(doc, (612 - doc.widthOfString(text)) / 2, y, text, { bold });
  };
  const body = (doc: Parameters<typeof textAt>[0], y: number) => {
    for (let i = 0; i < 4; i++) textAt(doc, 72, y + 14 * i, `Operators keep records of every inspection they carry out, line ${y + i}.`);
  };
  type Part = [string, string];
  // Chapter, then its sections (each with articles), or articles directly.
  const chapters: [Part, (Part | [Part, Part[]])[]][] = [
    [['CHAPTER I', 'SCOPE'], [['Article 1', 'Subject matter'], ['Article 2', 'Definitions']]],
    [['CHAPTER II', 'OPERATORS'], [[['SECTION 1', 'Duties'], [['Article 3', 'Records'], ['Article 4', 'Audits']]], [['SECTION 2', 'Rights'], [['Article 5', 'Appeals']]]]],
    [['CHAPTER III', 'AUTHORITIES'], [[['SECTION 1', 'Powers'], [['Article 6', 'Inspections']]], [['SECTION 2', 'Penalties'], [['Article 7', 'Fines'], ['Article 8', 'Bans']]]]],
  ];
return drawPdf(
    chapters.map(([label, parts], k) => (doc) => {
      let y = 70 + 9 * k;
      const heading = (p: Part) => {
        centred(doc, y, p[0]);
        centred(doc, y + 15, p[1], true);
        y += 40;
      };
      heading(label);
      for (const part of parts) {
        if (typeof part[0] === 'string') {
          heading(part as Part);
          body(doc, y);
          y += 62;
        } else {
          const [section, articles] = part as [Part, Part[]];
          heading(section);
          for (const a of articles) {
            heading(a);
            body(doc, y);
            y += 62;
          }
        }
      }
    }),
  );
}
