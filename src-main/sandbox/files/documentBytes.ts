/**
 * The bytes of a sandbox document in its format: PDF with a Russian text layer (pdfkit with DejaVu
 * Sans from the dejavu-fonts-ttf package: the standard PDF fonts have no Cyrillic), a scanned PDF (drawn page,
 * no text layer), DOCX (docx), XLSX (exceljs), RTF (written here: the format is plain text with \u escapes),
 * and ZIP (fflate).
 *
 * Every format is made byte-for-byte the same on every request, since an old URL must keep serving the old
 * bytes and the client stores files by their sha256: pdfkit's dates (and so its file id) are fixed; the DOCX
 * and XLSX writers stamp the time of writing into docProps/core.xml and into the ZIP entries, so their archives
 * are rewritten with the document's own date and a fixed entry time.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import type { DocumentText } from './documentText';

const require = createRequire(import.meta.url);
let font: Buffer | undefined;
/** DejaVu Sans: Cyrillic glyphs, loaded once. */
const cyrillicFont = (): Buffer => (font ??= readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')));

/** What a format needs besides the text: the date the document carries (its revision's update time). */
export type Stamp = { date: Date };

const collect = (doc: PDFKit.PDFDocument): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });

async function newPdf(stamp: Stamp, title: string): Promise<PDFKit.PDFDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  // The default font (Helvetica) would be read from pdfkit's AFM files and has no Cyrillic: DejaVu from the start.
  return new PDFDocument({
    size: 'A4',
    margin: 56,
    font: cyrillicFont() as unknown as string,
    info: { Title: title, Producer: 'Tender Workbench sandbox', Creator: 'Tender Workbench sandbox', CreationDate: stamp.date, ModDate: stamp.date },
  });
}

export async function pdfBytes(text: DocumentText, stamp: Stamp): Promise<Buffer> {
  const doc = await newPdf(stamp, text.title);
  doc.fontSize(14).text(text.title, { align: 'center' }).moveDown();
  doc.fontSize(10);
  for (const p of text.paragraphs) doc.text(p).moveDown(0.4);
  if (text.table) {
    doc.moveDown();
    for (const row of [text.table.head, ...text.table.rows]) doc.text(row.join(' | ')).moveDown(0.2);
  }
  return collect(doc);
}

/** A scanned page: a picture of text, no text layer at all (the client must say so, not find an empty text). */
export async function scanBytes(seed: number, stamp: Stamp, title: string): Promise<Buffer> {
  const doc = await newPdf(stamp, title);
  doc.rect(0, 0, 595, 842).fill('#f4f1ea');
  let y = 90;
  let x = seed;
  while (y < 760) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const width = 260 + (x % 220);
    doc.rect(60, y, width, 5).fill('#3a3a3a');
    y += 14 + ((x >>> 8) % 3 === 0 ? 10 : 0);
  }
  doc.circle(430, 720, 48).lineWidth(3).stroke('#2b4aa0');
  return collect(doc);
}

/** A ZIP with fixed entry times and the entries in the given order (fflate keeps insertion order). */
export function zipBytes(files: [string, Uint8Array][], stamp: Stamp): Buffer {
  const z: Zippable = {};
  for (const [name, data] of files) z[name] = [data, { mtime: stamp.date, level: 6 }];
  return Buffer.from(zipSync(z));
}

/** An Office file rewritten with the document's date in its properties and fixed ZIP entry times. */
function pinned(office: Uint8Array, stamp: Stamp): Buffer {
  const iso = stamp.date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const entries = Object.entries(unzipSync(office)).map(([name, data]): [string, Uint8Array] => {
    if (name !== 'docProps/core.xml') return [name, data];
    const xml = strFromU8(data).replace(/(<dcterms:(?:created|modified)[^>]*>)[^<]*(<\/dcterms:)/g, `$1${iso}$2`);
    return [name, strToU8(xml)];
  });
  return zipBytes(entries, stamp);
}

export async function docxBytes(text: DocumentText, stamp: Stamp): Promise<Buffer> {
  const { Document, Packer, Paragraph, HeadingLevel, Table, TableRow, TableCell, TextRun, WidthType } = await import('docx');
  const cell = (s: string, bold = false): InstanceType<typeof TableCell> =>
    new TableCell({ children: [new Paragraph({ children: [new TextRun({ text: s, bold })] })] });
  const children: (InstanceType<typeof Paragraph> | InstanceType<typeof Table>)[] = [
    new Paragraph({ text: text.title, heading: HeadingLevel.HEADING_1 }),
    ...text.paragraphs.map((p) => new Paragraph({ text: p })),
  ];
  if (text.table) {
    children.push(
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        rows: [new TableRow({ children: text.table.head.map((h) => cell(h, true)) }), ...text.table.rows.map((r) => new TableRow({ children: r.map((c) => cell(c)) }))],
      }),
    );
  }
  const doc = new Document({ creator: 'Заказчик', title: text.title, sections: [{ children }] });
  return pinned(new Uint8Array(await Packer.toBuffer(doc)), stamp);
}

export async function xlsxBytes(text: DocumentText, stamp: Stamp): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'Заказчик';
  book.created = stamp.date;
  book.modified = stamp.date;
  const sheet = book.addWorksheet('Обоснование');
  sheet.addRow([text.title]);
  for (const p of text.paragraphs) sheet.addRow([p]);
  sheet.addRow([]);
  if (text.table) {
    sheet.addRow(text.table.head);
    for (const r of text.table.rows) sheet.addRow(r.map((c) => (/^\d+(\.\d+)?$/.test(c) ? Number(c) : c)));
  }
  return pinned(new Uint8Array(await book.xlsx.writeBuffer()), stamp);
}

/** RTF 1.x: ASCII as is, everything else as `\uN?` (signed 16-bit), braces and backslashes escaped. */
export function rtfBytes(text: DocumentText): Buffer {
  const esc = (s: string): string =>
    [...s]
      .map((ch) => {
        const c = ch.charCodeAt(0);
        if (ch === '\\' || ch === '{' || ch === '}') return `\\${ch}`;
        if (c < 128) return ch;
        return `\\u${c > 32767 ? c - 65536 : c}?`;
      })
      .join('');
  const lines = [text.title, ...text.paragraphs, ...(text.table ? [text.table.head, ...text.table.rows].map((r) => r.join('\t')) : [])];
  const body = lines.map((l) => `${esc(l)}\\par`).join('\n');
  return Buffer.from(`{\\rtf1\\ansi\\ansicpg1251\\deff0{\\fonttbl{\\f0 Times New Roman;}}\\f0\\fs24\n${body}\n}`, 'latin1');
}
