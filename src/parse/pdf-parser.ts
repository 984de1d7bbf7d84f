import { createRequire } from 'node:module';
import path from 'node:path';
import { BadInputError, type ErrorContext } from '../errors.ts';
import { safeErrorMessage, storableOrNull, storableText } from '../sanitize.ts';
import { assembleLines, type Fragment } from './line-assembly.ts';
import { loadPdfJs, type PdfJs } from './load-pdfjs.mjs';
import type { OutlineItem, ParsedDocument, ParsedLine, ParsedPage } from './types.ts';

export const PARSER_VERSION = 'pdfjs-5.6.205/lines-5';

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
// pdfjs wants folder URLs with a trailing slash.
const standardFontDataUrl = path.join(pdfjsRoot, 'standard_fonts') + '/';
const cMapUrl = path.join(pdfjsRoot, 'cmaps') + '/';

export interface ParseOptions {
  pageCap: number;
  documentId?: number;
  /** When given, milliseconds per phase are added to it (the bench's split); parsing is the same either way. */
  phases?: ParsePhases;
}

/** Where a parse spends its time. `fonts` is the operator lists built to learn font names; `fontPages` counts them. */
export interface ParsePhases {
  open: number;
  getPage: number;
  textContent: number;
  fonts: number;
  fontPages: number;
  assemble: number;
  outline: number;
}

export const newParsePhases = (): ParsePhases => ({ open: 0, getPage: 0, textContent: 0, fonts: 0, fontPages: 0, assemble: 0, outline: 0 });


/** Parses PDF bytes into lines, pages and the native outline. Throws BadInputError for unusable input. */
export async function parsePdf(data: Uint8Array, opts: ParseOptions): Promise<ParsedDocument> {
  const ctx = { documentId: opts.documentId };
  if (data.byteLength === 0) throw new BadInputError('empty', 'file is empty (0 bytes)', ctx);
  const head = Buffer.from(data.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) throw new BadInputError('not_pdf', 'not a PDF: no %PDF- header in the first 1 KiB', ctx);

  const tail = Buffer.from(data.subarray(Math.max(0, data.byteLength - 2048))).toString('latin1');
  // pdfjs can reconstruct a cut-off file and return some of its pages; a partial document is worse than none.
  if (!tail.includes('%%EOF')) throw new BadInputError('corrupt', 'PDF is truncated: no %%EOF marker at the end of the file', ctx);

  const phases = opts.phases;
  const tOpen = performance.now();
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data,
    standardFontDataUrl,
    cMapUrl,
    cMapPacked: true,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    maxImageSize: 0,
  });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (e) {
    throw pdfjsFailure(e, 'PDF structure is unreadable', ctx);
  }
  if (phases) phases.open += performance.now() - tOpen;
  try {
    if (doc.numPages === 0) throw new BadInputError('empty', 'PDF has zero pages', ctx);
    if (doc.numPages > opts.pageCap) {
      throw new BadInputError('too_many_pages', `PDF has ${doc.numPages} pages, over the page cap of ${opts.pageCap}`, ctx);
    }
    const labels = await doc.getPageLabels().catch(() => null);
    const pages: ParsedPage[] = [];
    const lines: ParsedLine[] = [];
    const fonts = new FontTable(pdfjs.AnnotationMode.DISABLE, phases);
    for (let n = 1; n <= doc.numPages; n++) {
      const { page, pageLines } = await parsePage(doc, n, fonts, ctx, phases);
      lines.push(...pageLines.lines);
      pages.push({
        pageNum: n,
        label: storableOrNull(labels?.[n - 1]),
        width: page.width,
        height: page.height,
        lineCount: pageLines.lines.length,
        columns: pageLines.columns,
      });
    }
    if (lines.length === 0) {
      throw new BadInputError('no_text', `no extractable text on any of ${doc.numPages} pages (scanned or image-only PDF)`, ctx);
    }
    const tOutline = performance.now();
    const outline = await readOutline(doc).catch(() => []);
    const meta = await doc.getMetadata().catch(() => null);
    if (phases) phases.outline += performance.now() - tOutline;
    const info = (meta?.info ?? {}) as { Title?: unknown };
    const cleanTitle = typeof info.Title === 'string' ? storableText(info.Title).trim() : '';
    const title = cleanTitle || null;
    return { title, pageCount: doc.numPages, pages, lines, outline, parserVersion: PARSER_VERSION };
  } finally {
    await doc.destroy().catch(() => {});
  }
}

/**
 * Classifies an error raised by pdf.js while reading these bytes. pdf.js reports damaged input
 * as FormatError, InvalidPDFException, XRefEntryException, XRefParseException or, for anything
 * raised inside its parser, UnknownErrorException; whatever it is, the same bytes fail the same
 * way again, so it is bad input (never a transient error to retry).
 */
export function pdfjsFailure(e: unknown, what: string, ctx: ErrorContext): BadInputError {
  if (e instanceof BadInputError) return e;
  const name = (e as { name?: string } | null)?.name ?? '';
  const message = safeErrorMessage(e, 300);
  if (name === 'PasswordException') return new BadInputError('encrypted', 'PDF is encrypted and needs a password', ctx, { cause: e });
  const kind = name && name !== 'Error' && !message.startsWith(name) ? `${name}: ` : '';
  return new BadInputError('corrupt', `${what}: ${kind}${message}`, ctx, { cause: e });
}

type PdfDoc = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
type PdfPage = Awaited<ReturnType<PdfDoc['getPage']>>;
type TextContent = Awaited<ReturnType<PdfPage['getTextContent']>>;
type FontInfo = { name: string | null; bold: boolean; italic: boolean };

/**
 * Font names and weights of one document, by pdf.js font id.
 *
 * getTextContent loads a page's fonts in the worker but never sends them to this side; only an
 * operator list does (into doc.commonObjs, which every page of the document shares and
 * page.cleanup() leaves alone). Building the operator list re-reads the whole content stream,
 * which cost ~40% of parse time when it ran for every page. A font id names one font for the whole
 * document, so the list is built only for a page that uses a font not yet seen: the font objects,
 * and so the names and bold flags, are the same ones the per-page lists produced.
 */
class FontTable {
  private readonly known = new Map<string, FontInfo>();
  /** Ids an operator list was built for that still did not arrive: another list would not bring them. */
  private readonly missing = new Set<string>();

  constructor(
    private readonly annotationMode: number,
    private readonly phases?: ParsePhases,
  ) {}

  async forPage(page: PdfPage, content: TextContent): Promise<Map<string, FontInfo>> {
    const used = new Set(content.items.map((i) => ('fontName' in i ? i.fontName : '')).filter(Boolean));
    if ([...used].some((id) => !this.known.has(id) && !this.missing.has(id) && !page.commonObjs.has(id))) {
      // Annotations' appearance streams add no text items, so their fonts are never needed.
      await page.getOperatorList({ annotationMode: this.annotationMode }).catch(() => null);
      if (this.phases) this.phases.fontPages++;
    }
    const out = new Map<string, FontInfo>();
    for (const id of used) {
      const known = this.known.get(id);
      if (known) {
        out.set(id, known);
        continue;
      }
      let name: string | null = null;
      let bold = false;
      let italic = false;
      let loaded = false;
      try {
        if (page.commonObjs.has(id)) {
          const font = page.commonObjs.get(id) as { name?: string; bold?: boolean; black?: boolean; italic?: boolean };
          name = font.name ?? null;
          bold = Boolean(font.bold || font.black);
          italic = Boolean(font.italic);
          loaded = true;
        }
      } catch {
        /* font not loaded: fall back to the style family below */
      }
      if (!loaded) this.missing.add(id);
      // Not cached when unloaded: the fallback is this page's style entry.
      const family = (content.styles as Record<string, { fontFamily?: string }>)[id]?.fontFamily ?? '';
      name ??= family || null;
      // Typeface names, not flags, carry weight in most PDFs ("-Medi" is Nimbus bold, "DmCd" demi condensed).
      bold ||= /bold|black|heavy|semibold|demi|-medi$|-dm(cd|cn)?$/i.test(name ?? "");
      // pdf.js flags "italic" and "oblique" only; abbreviated styles ("NimbusRomNo9L-ReguItal",
      // "MinionPro-It", TeX's "CMTI10") say it in the name.
      italic ||= /italic|oblique|ital$|-it$|^(?:[A-Z]{6}\+)?cmti\d/i.test(name ?? '');
      const info = { name: name ? storableText(name.replace(/^[A-Z]{6}\+/, '')) || null : null, bold, italic };
      if (loaded) this.known.set(id, info);
      out.set(id, info);
    }
    return out;
  }
}

async function parsePage(doc: PdfDoc, n: number, fonts: FontTable, ctx: { documentId?: number }, phases?: ParsePhases) {
  const t0 = performance.now();
  let pdfPage;
  try {
    pdfPage = await doc.getPage(n);
  } catch (e) {
    throw pdfjsFailure(e, `page ${n} cannot be read`, { ...ctx, page: n });
  }
  const viewport = pdfPage.getViewport({ scale: 1 });
  const t1 = performance.now();
  let content: Awaited<ReturnType<typeof pdfPage.getTextContent>>;
  try {
    content = await pdfPage.getTextContent();
  } catch (e) {
    // e.g. "Bad encoding in flate stream" (FormatError): the page's content stream is damaged.
    throw pdfjsFailure(e, `text of page ${n} cannot be read`, { ...ctx, page: n });
  }
  const t2 = performance.now();
  const fontNames = await fonts.forPage(pdfPage, content);
  const t3 = performance.now();
  const frags: Fragment[] = [];
  const rotated: ParsedLine[] = [];
  for (const item of content.items) {
    if (!('str' in item) || !item.str) continue;
    // Damaged text (NULs, lone surrogates) is cleaned here, where it leaves pdf.js: Postgres cannot store it.
    const text = storableText(item.str);
    if (!text) continue;
    // Convert the text matrix through the viewport so rotated/cropped pages come out upright.
    const tx = pdfjsUtilTransform(viewport.transform, item.transform);
    const size = Math.hypot(tx[2]!, tx[3]!);
    if (!(size > 0.5)) continue;
    const f = fontNames.get(item.fontName) ?? { name: null, bold: false, italic: false };
    // Rotated or vertical text (a margin note running up the page) is never part of a body line:
    // merged by baseline it would splice into whatever horizontal text shares its height.
    if (Math.abs(tx[1]!) > 0.2 * size || Math.abs(tx[2]!) > 0.2 * size) {
      const text = item.str.replace(/\s+/g, ' ').trim();
      if (text) rotated.push(rotatedLine(text, tx, item.width, size, f, n));
      continue;
    }
    frags.push({
      text,
      x: tx[4]!,
      width: item.width * (viewport.scale ?? 1),
      baseline: tx[5]!,
      size,
      font: f.name,
      bold: f.bold,
      italic: f.italic,
    });
  }
  const pageLines = assembleLines(frags, viewport.width, n);
  // Rotated runs come after the body, one line each, flagged as margin furniture.
  for (const r of rotated) pageLines.lines.push({ ...r, lineNum: pageLines.lines.length + 1 });
  pdfPage.cleanup();
  if (phases) {
    phases.getPage += t1 - t0;
    phases.textContent += t2 - t1;
    phases.fonts += t3 - t2;
    phases.assemble += performance.now() - t3;
  }
  return { page: { width: viewport.width, height: viewport.height }, pageLines };
}

function rotatedLine(text: string, tx: number[], width: number, size: number, f: { name: string | null; bold: boolean }, pageNum: number): ParsedLine {
  // The run's extent in page space: it advances along its own direction vector.
  const dx = tx[0]! / size;
  const dy = tx[1]! / size;
  const xs = [tx[4]!, tx[4]! + dx * width];
  const ys = [tx[5]!, tx[5]! + dy * width];
  const r = (v: number) => Math.round(v * 100) / 100;
  return {
    pageNum,
    lineNum: 0,
    text,
    x0: r(Math.min(...xs) - size / 2),
    y0: r(Math.min(...ys)),
    x1: r(Math.max(...xs) + size / 2),
    y1: r(Math.max(...ys)),
    font: f.name,
    size: r(size),
    bold: f.bold,
    leadIn: null,
    column: 0,
    furniture: true,
  };
}

function pdfjsUtilTransform(m1: number[], m2: number[]): number[] {
  return [
    m1[0]! * m2[0]! + m1[2]! * m2[1]!,
    m1[1]! * m2[0]! + m1[3]! * m2[1]!,
    m1[0]! * m2[2]! + m1[2]! * m2[3]!,
    m1[1]! * m2[2]! + m1[3]! * m2[3]!,
    m1[0]! * m2[4]! + m1[2]! * m2[5]! + m1[4]!,
    m1[1]! * m2[4]! + m1[3]! * m2[5]! + m1[5]!,
  ];
}

type RawOutline = { title: string; dest: string | unknown[] | null; items: RawOutline[] };

async function readOutline(doc: PdfDoc): Promise<OutlineItem[]> {
  const raw = (await doc.getOutline()) as RawOutline[] | null;
  if (!raw) return [];
  const walk = async (items: RawOutline[], level: number): Promise<OutlineItem[]> => {
    const out: OutlineItem[] = [];
    for (const it of items) {
      const { pageNum, top } = await resolveDest(doc, it.dest);
      out.push({
        title: storableText(it.title ?? '').replace(/\s+/g, ' ').trim(),
        level,
        pageNum,
        top,
        children: await walk(it.items ?? [], level + 1),
      });
    }
    return out;
  };
  return walk(raw, 1);
}

async function resolveDest(doc: PdfDoc, dest: string | unknown[] | null): Promise<{ pageNum: number | null; top: number | null }> {
  try {
    // Named destinations (hyperref) resolve to an explicit array first.
    const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
    if (!Array.isArray(explicit) || explicit.length === 0) return { pageNum: null, top: null };
    const ref = explicit[0];
    let index: number;
    if (typeof ref === 'number') index = ref;
    else index = await doc.getPageIndex(ref as never);
    const pageNum = index + 1;
    const kind = (explicit[1] as { name?: string } | undefined)?.name;
    let top: number | null = null;
    const yTop = kind === 'XYZ' ? explicit[3] : kind === 'FitH' || kind === 'FitBH' ? explicit[2] : null;
    if (typeof yTop === 'number') {
      const page = await doc.getPage(pageNum);
      const vp = page.getViewport({ scale: 1 });
      top = vp.convertToViewportPoint(0, yTop)[1] ?? null;
    }
    return { pageNum, top };
  } catch {
    return { pageNum: null, top: null };
  }
}
