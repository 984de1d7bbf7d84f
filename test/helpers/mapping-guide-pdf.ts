import { drawPdf, textAt as at, type Draw } from './make-pdf.ts';

/**
 * A made-up guide with a mapping appendix: three tables whose header block (catalogue name,
 * column labels) repeats over every table, above an introduction that explains the tables; a
 * trials report whose two sections differ only by the depth of the net each describes; a rules
 * page whose two sentences share the question's words but only one of them carries a date, and a
 * marks page whose two sentences name the same mark but only one of them says what it means.
 */
function guide(): Draw[] {
  const filler = (doc: PDFKit.PDFDocument, y: number, topic: string) => {
    [`Readers new to ${topic} should read this part once before the first review.`, `The review board keeps notes on ${topic} in the shared register.`].forEach((t, i) => at(doc, 72, y + 18 * i, t));
  };
  const heading = (doc: PDFKit.PDFDocument, text: string) => at(doc, 72, 60, text, { bold: true, size: 14 });
  const table = (doc: PDFKit.PDFDocument, y: number, n: number, family: string) => {
    at(doc, 72, y, `TABLE A-${n}: MAPPING ${family} RULES TO CONTROLS`);
    at(doc, 72, y + 18, 'PARTNER CATALOGUE');
    at(doc, 72, y + 36, 'GUIDE RULES');
    at(doc, 72, y + 54, 'Relevant Partner Controls');
    at(doc, 300, y + 54, 'Relevant Partner Controls');
    at(doc, 72, y + 72, `${n}.1 Keep a log of every ${family.toLowerCase()} request.`);
    at(doc, 300, y + 72, `PC-${n}1, PC-${n}2`);
    at(doc, 72, y + 90, `${n}.2 Review the ${family.toLowerCase()} log each month.`);
    at(doc, 300, y + 90, `PC-${n}3`);
  };
  return [
    (doc) => {
      heading(doc, '1 Purpose');
      filler(doc, 95, 'the guide');
      at(doc, 72, 150, 'The guide sets out the rules every desk follows when it takes in a request.');
    },
    (doc) => {
      heading(doc, '2 First Trials');
      filler(doc, 95, 'the first trials');
      at(doc, 72, 150, 'The 34-layer net needs 3.6 billion operations for one image, a fifth of the older nets.');
    },
    (doc) => {
      heading(doc, '3 Second Trials');
      filler(doc, 95, 'the second trials');
      at(doc, 72, 150, 'Although it is much deeper, the 152-layer net needs 11.3 billion operations.');
    },
    (doc) => {
      heading(doc, '4 Rules in Force');
      filler(doc, 95, 'the rules in force');
      at(doc, 72, 150, 'The new intake rules apply to each intake desk.');
      at(doc, 72, 168, 'The new intake rules apply from 2 March 2027 at every site that signed the partner agreement.');
    },
    (doc) => {
      heading(doc, '5 Marks');
      filler(doc, 95, 'the marks');
      at(doc, 72, 150, 'In the register, a star next to a desk name is printed in red ink.');
      at(doc, 72, 168, 'A star next to a desk name indicates that the desk has not yet passed its review.');
    },
    (doc) => {
      heading(doc, 'Appendix A Mapping Tables');
      at(doc, 72, 95, 'Each of the tables below covers one family of requests.');
      at(doc, 72, 113, 'The relevant partner controls for the guide rules are drawn from the catalogue of the Harbour Standards Office.');
      table(doc, 160, 1, 'INTAKE');
    },
    (doc) => table(doc, 60, 2, 'STORAGE'),
    (doc) => table(doc, 60, 3, 'RELEASE'),
  ];
}


export function mappingGuidePdf(): Promise<Buffer> {
  return drawPdf(guide());
}
