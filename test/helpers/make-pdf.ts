import PDFDocument from 'pdfkit';

export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
}
export interface MakePdfOptions {
  pages: PdfLine[][];
  outline?: { title: string; page: number; children?: { title: string; page: number }[] }[];
  userPassword?: string;
  title?: string;
}

/** Writes a small PDF with pdfkit: real text objects, optional outline and encryption. */
export function makePdf(opts: MakePdfOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      autoFirstPage: false,
      size: 'LETTER',
      margin: 72,
      info: { Title: opts.title ?? 'generated' },
      ...(opts.userPassword ? { userPassword: opts.userPassword, ownerPassword: 'owner', pdfVersion: '1.7' as const } : {}),
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    opts.pages.forEach((lines) => {
      doc.addPage();
      for (const l of lines) {
        doc.font(l.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(l.size ?? 11).text(l.text);
      }
    });
    if (opts.outline) {
      for (const o of opts.outline) {
        const item = doc.outline.addItem(o.title);
        void item;
      }
    }
    doc.end();
  });
}

/** A PDF with pages but no text at all: what a scanned document looks like to a text extractor. */
export function makeImageOnlyPdf(pages = 2): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (let i = 0; i < pages; i++) {
      doc.addPage();
      doc.rect(50, 50, 400, 600).fill('#888888');
    }
    doc.end();
  });
}

/** A syntactically valid PDF whose page tree is empty. */
export function makeZeroPagePdf(): Buffer {
  const objs = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>'];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
