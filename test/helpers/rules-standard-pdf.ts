import { drawPdf, textAt as at, type Draw } from './make-pdf.ts';

/**
 * A made-up standard of rules, where "rules" is in every section's body: one section is titled
 * by that word and talks of intake and release rules apart; another, titled by none of the
 * question's words, says where the intake rules and the release rules come from; and a page of
 * hours where two sentences hold the same words, one of them as the question puts them together.
 */
function standard(): Draw[] {
  const section = (title: string, body: string[]): Draw => (doc) => {
    at(doc, 72, 60, title, { bold: true, size: 14 });
    body.forEach((t, i) => at(doc, 72, 95 + 18 * i, t));
  };
  return [
    section('1 Introduction', [
      'This standard sets the rules that every desk of the port follows.',
      'Desks that cannot meet the rules report to the port office each quarter.',
      'The rules are reviewed every second year by the port office.',
    ]),
    section('2 Fundamentals', [
      'The port office keeps one register of the rules and of every change to them.',
      'The register lists the intake and the release rules apart.',
      'The intake rules are drawn from the harbour charter, and the release rules from the customs code.',
    ]),
    section('3 The Rules', [
      'Each desk applies the rules of this part to the work it does.',
      'The rules of this part are numbered by desk and by year.',
      'A desk keeps the rules of this part posted where staff can read them.',
      'Rules on intake change more often than rules on release.',
    ]),
    section('4 Tailoring', [
      'A desk may ask the port office to tailor the rules to its trade.',
      'Tailored rules for intake or for release are kept in the register.',
    ]),
    section('5 Hours', [
      'At closing time the desk staff hand the keys to the night guard.',
      'The night desk closes at six in the morning, the time when the last boat is in.',
    ]),
  ];
}

export function rulesStandardPdf(): Promise<Buffer> {
  return drawPdf(standard());
}
