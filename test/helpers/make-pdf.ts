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
  /** false writes content streams uncompressed, so byte-level damage lands in the text itself. */
  compress?: boolean;
}

/** Writes a small PDF with pdfkit: real text objects, optional outline and encryption. */
export function makePdf(opts: MakePdfOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      autoFirstPage: false,
      size: 'LETTER',
      margin: 72,
      info: { Title: opts.title ?? 'generated' },
      ...(opts.compress === false ? { compress: false } : {}),
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

/**
 * A hand-built PDF whose strings are written byte for byte (pdfkit would re-encode them): for
 * text, an outline title, a page label and an Info title holding bytes such as \000 that real
 * damaged PDFs carry. Each string is a PDF string literal body or a <hex> string.
 */
export function makeRawPdf(opts: { lines: string[]; outlineTitle?: string; label?: string; title?: string }): Buffer {
  const content = ['BT', '/F1 12 Tf', '72 720 Td', '14 TL', ...opts.lines.map((l) => `${l} Tj T*`), 'ET'].join('\n');
  const objs: string[] = [
    `<< /Type /Catalog /Pages 2 0 R${opts.outlineTitle ? ' /Outlines 6 0 R' : ''}${opts.label ? ` /PageLabels << /Nums [0 << /S /D /P ${opts.label} >>] >>` : ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Outlines /First 7 0 R /Last 7 0 R /Count 1 >>',
    `<< /Title ${opts.outlineTitle ?? '(x)'} /Parent 6 0 R /Dest [3 0 R /XYZ 0 792 0] >>`,
    `<< /Title ${opts.title ?? '(raw)'} /Producer (docintel test) >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R /Info 8 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export type Draw = (doc: PDFKit.PDFDocument) => void;

/** A PDF drawn with absolute positions, one callback per page (for indentation and layout tests). */
export function drawPdf(pages: Draw[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, size: 'LETTER', margin: 0 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const draw of pages) {
      doc.addPage();
      doc.font('Helvetica').fontSize(11);
      draw(doc);
    }
    doc.end();
  });
}

/** One line of text at (x, y), never wrapped. */
export function textAt(doc: PDFKit.PDFDocument, x: number, y: number, text: string, opts: { bold?: boolean; size?: number; font?: string } = {}): void {
  doc.font(opts.font ?? (opts.bold ? 'Helvetica-Bold' : 'Helvetica')).fontSize(opts.size ?? 11).text(text, x, y, { lineBreak: false });
}
