/**
 * The text of one document's bytes, run inside the extraction worker (./extractWorker.ts) and never
 * on the core's thread: the bytes are untrusted, the parsers are large, and a hostile file may loop or grow.
 * The format is read from the bytes (magic numbers), not from the name or the server's type:
 * - PDF: pdfjs-dist, page by page; a PDF whose pages give no text is a scan, «скан: текст не извлечён»
 *   (OCR is out of scope; `ScanReader` is the seam where one would plug in);
 * - DOCX: mammoth's raw text; XLSX: exceljs, cells by tabs, rows by lines; RTF: ./rtfText.ts; DOC (OLE):
 *   word-extractor;
 * - ZIP: read in memory (./archive.ts) with caps on entries, depth, expanded size and ratio; each member
 *   extracted the same way, nested archives too, their names kept as labels only.
 * Nothing is ever executed or written to disk.
 */
import { text, type Text } from '../../i18n/text';
import { readArchive, ArchiveRefused, type ArchiveLimits } from './archive';
import { rtfText } from './rtfText';

export type ExtractState = 'text' | 'scan' | 'failed' | 'unsupported';
export type ExtractFormat = 'pdf' | 'docx' | 'xlsx' | 'zip' | 'rtf' | 'doc' | 'unknown';

export type MemberResult = { name: string; format: ExtractFormat; state: ExtractState; reason: Text | null; chars: number };

export type Extracted = {
  state: ExtractState;
  format: ExtractFormat;
  text: string;
  reason: Text | null;
  /** An archive's files, nested ones flattened with their path of labels. */
  members: MemberResult[];
};

/** A reader of scanned pages (OCR): none is shipped; the seam keeps the scan state honest until one is. */
export type ScanReader = (pdf: Uint8Array) => Promise<string | null>;

export const SCAN_REASON = text('скан: текст не извлечён', 'scan: no text extracted');

export type ExtractLimits = ArchiveLimits & { maxTextChars: number };

export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = {
  maxEntries: 500,
  maxDepth: 3,
  maxExpandedBytes: 200 * 1024 * 1024,
  maxRatio: 200,
  maxTextChars: 5_000_000,
};

const startsWith = (b: Uint8Array, sig: number[]): boolean => sig.every((x, i) => b[i] === x);

export function sniff(bytes: Uint8Array): ExtractFormat | 'ooxml' {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return 'ooxml';
  if (startsWith(bytes, [0x7b, 0x5c, 0x72, 0x74, 0x66])) return 'rtf';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  return 'unknown';
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // A copy: pdf.js detaches the buffer it is given.
  const task = pdfjs.getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false, stopAtErrors: false } as Parameters<typeof pdfjs.getDocument>[0]);
  try {
    const doc = await task.promise;
    const pages: string[] = [];
    for (let p = 1; p <= doc.numPages; p++) {
      const content = await (await doc.getPage(p)).getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          pages.push(line);
          line = '';
        }
      }
      if (line) pages.push(line);
    }
    return pages.join('\n');
  } finally {
    await task.destroy();
  }
}

async function xlsxText(bytes: Uint8Array): Promise<string> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const lines: string[] = [];
  book.eachSheet((sheet) => {
    sheet.eachRow((row) => {
      const cells = (row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : typeof v === 'object' ? String((v as { text?: unknown; result?: unknown }).text ?? (v as { result?: unknown }).result ?? '') : String(v)));
      lines.push(cells.join('\t').replace(/\t+$/, ''));
    });
  });
  return lines.join('\n');
}

async function docText(bytes: Uint8Array): Promise<string> {
  const { default: WordExtractor } = await import('word-extractor');
  const doc = await new WordExtractor().extract(Buffer.from(bytes));
  return doc.getBody();
}

/** Which OOXML (or plain ZIP) a PK file is, by its entries' names (a cheap look at the central directory). */
function ooxmlKind(bytes: Uint8Array): 'docx' | 'xlsx' | 'zip' {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 64 * 1024))).toString('latin1');
  if (tail.includes('word/document.xml')) return 'docx';
  if (tail.includes('xl/workbook.xml')) return 'xlsx';
  return 'zip';
}

const failed = (format: ExtractFormat, reason: Text): Extracted => ({ state: 'failed', format, text: '', reason, members: [] });

export async function extractText(bytes: Uint8Array, limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS, depth = 0, scanReader: ScanReader | null = null): Promise<Extracted> {
  const sniffed = sniff(bytes);
  const format: ExtractFormat = sniffed === 'ooxml' ? ooxmlKind(bytes) : sniffed;
  const cap = (s: string): string => (s.length > limits.maxTextChars ? s.slice(0, limits.maxTextChars) : s);
  try {
    switch (format) {
      case 'pdf': {
        const t = (await pdfText(bytes)).trim();
        if (t !== '') return { state: 'text', format, text: cap(t), reason: null, members: [] };
        const ocr = scanReader ? await scanReader(bytes) : null;
        return ocr ? { state: 'text', format, text: cap(ocr), reason: null, members: [] } : { state: 'scan', format, text: '', reason: SCAN_REASON, members: [] };
      }
      case 'docx': {
        const { default: mammoth } = await import('mammoth');
        const r = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
        return { state: 'text', format, text: cap(r.value.replace(/\n{3,}/g, '\n\n').trim()), reason: null, members: [] };
      }
      case 'xlsx':
        return { state: 'text', format, text: cap((await xlsxText(bytes)).trim()), reason: null, members: [] };
      case 'rtf':
        return { state: 'text', format, text: cap(rtfText(Buffer.from(bytes).toString('latin1'))), reason: null, members: [] };
      case 'doc':
        return { state: 'text', format, text: cap((await docText(bytes)).trim()), reason: null, members: [] };
      case 'zip':
        return await archiveText(bytes, limits, depth, scanReader);
      default:
        return { state: 'unsupported', format, text: '', reason: text('формат файла не распознан: текст не извлекается', 'the file format is not recognised: no text is extracted'), members: [] };
    }
  } catch (e) {
    if (e instanceof ArchiveRefused) return failed(format, e.reason);
    const message = e instanceof Error ? e.message.slice(0, 200) : String(e).slice(0, 200);
    return failed(format, text(`файл повреждён или не читается (${message})`, `the file is damaged or unreadable (${message})`));
  }
}

async function archiveText(bytes: Uint8Array, limits: ExtractLimits, depth: number, scanReader: ScanReader | null): Promise<Extracted> {
  if (depth >= limits.maxDepth) throw new ArchiveRefused(text(`архив вложен глубже ${limits.maxDepth} уровней — не распакован`, `an archive nested deeper than ${limits.maxDepth} levels: not unpacked`));
  const entries = readArchive(bytes, limits);
  const members: MemberResult[] = [];
  const parts: string[] = [];
  for (const entry of entries) {
    const r = await extractText(entry.data, limits, depth + 1, scanReader);
    members.push({ name: entry.label, format: r.format, state: r.state, reason: r.reason, chars: r.text.length });
    for (const m of r.members) members.push({ ...m, name: `${entry.label} / ${m.name}` });
    if (r.text) parts.push(`[${entry.label}]\n${r.text}`);
  }
  const any = members.some((m) => m.state === 'text');
  return {
    state: any ? 'text' : 'failed',
    format: 'zip',
    text: parts.join('\n\n').slice(0, limits.maxTextChars),
    reason: any ? null : text('в архиве нет файлов с текстом', 'the archive holds no file with text'),
    members,
  };
}
