/**
 * "The sandbox serves real documents": every card's documents[].url is the sandbox's own file route,
 * the files parse back with readers independent of the writers (pdfjs-dist for pdfkit, mammoth for docx,
 * read-excel-file for exceljs, yauzl for fflate), an amendment gives a changed document a new URL while the
 * old URL keeps its bytes, some PDFs are scans with no text layer, a few contracts are .rtf / .doc, and the
 * strict sandbox serves the same bytes through a redirect and a chunked answer.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mammoth from 'mammoth';
import readXlsxFile from 'read-excel-file/node';
import yauzl from 'yauzl';
import { request } from 'undici';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index';
import { planDocuments } from '../../src-main/sandbox/data/documentPlan';
import type { TenderRow } from '../../src-main/sandbox/data/rows';
import { FIXED_NOW, all, makeCatalogue } from '../sandbox-data/helpers';
import { api, ctl, login, type Json } from './helpers';

const SEED = 7;
const TENDERS = 3000;

type Got = { status: number; headers: Record<string, unknown>; bytes: Buffer };
async function get(url: string): Promise<Got> {
  const r = await request(url);
  return { status: r.statusCode, headers: r.headers, bytes: Buffer.from(await r.body.arrayBuffer()) };
}
const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const doc = await task.promise;
  let text = '';
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    text += content.items.map((i) => ('str' in i ? i.str : '')).join(' ') + '\n';
  }
  await task.destroy();
  return text;
}

function zipEntries(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, decodeStrings: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

/** The tenders of this seed whose documents have a feature fixed at publication (found without the network). */
let catalogue: TenderRow[];
const withDocument = (test: (d: ReturnType<typeof planDocuments>[number]) => boolean): TenderRow[] =>
  catalogue.filter((t) => planDocuments(SEED, t, { version: 1, status: 1 }).some(function has(d): boolean {
    return test(d) || d.members.some(has);
  }));

let sb: RunningSandbox;
let token: string;
const card = async (id: number): Promise<Json> => {
  const r = await api(sb, 'GET', `/tenders/${id}`, { token });
  expect(r.status).toBe(200);
  return r.json;
};

beforeAll(async () => {
  const db = makeCatalogue(SEED, TENDERS, FIXED_NOW);
  catalogue = all<TenderRow>(db, 'SELECT * FROM tenders ORDER BY id');
  db.close();
  sb = await startSandbox({ port: 0, seed: SEED, tenders: TENDERS, now: FIXED_NOW, strict: false });
  token = await login(sb);
}, 300_000);
afterAll(() => sb?.close());

describe('the sandbox serves real documents', () => {
  it('a card lists 1-9 documents on the sandbox origin, each served without a token, the same bytes every time', async () => {
    for (const t of catalogue.slice(0, 6)) {
      const c = await card(t.id);
      expect(c.documents.length).toBeGreaterThanOrEqual(1);
      expect(c.documents.length).toBeLessThanOrEqual(9);
      for (const d of c.documents) {
        expect(d.url.startsWith(`${sb.origin}/files/${t.id}/`)).toBe(true);
        const a = await get(d.url);
        expect(a.status, d.url).toBe(200);
        expect(a.bytes.length).toBeGreaterThan(200);
        expect(sha((await get(d.url)).bytes)).toBe(sha(a.bytes));
      }
    }
  });

  it('the notice PDF has a Russian text layer naming the tender; the specification DOCX names positions and a GOST', async () => {
    const t = withDocument((d) => d.kind === 'spec' && d.extension === 'docx' && !d.scan).find((x) => !planDocuments(SEED, x, { version: 1, status: 1 }).some((d) => d.kind === 'bundle'))!;
    const c = await card(t.id);
    const notice = c.documents[0];
    const pdf = await get(notice.url);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.bytes);
    expect(text).toContain(t.etp_id);
    expect(text).toMatch(/Начальная \(максимальная\) цена/);
    const spec = c.documents.find((d: Json) => /Описание объекта|Техническое задание/.test(d.name));
    const docx = await mammoth.extractRawText({ buffer: (await get(spec.url)).bytes });
    expect(docx.value).toContain('Срок поставки: не более');
    expect(docx.value).toMatch(/ГОСТ/);
    expect(docx.value).toContain(t.etp_id);
  });

  it('the price justification XLSX reads back as rows of positions with quotes', async () => {
    const t = withDocument((d) => d.kind === 'nmck' && d.extension === 'xlsx').find((x) => !planDocuments(SEED, x, { version: 1, status: 1 }).some((d) => d.kind === 'bundle'))!;
    const c = await card(t.id);
    const x = c.documents.find((d: Json) => d.extension === 'xlsx');
    const rows = await readXlsxFile((await get(x.url)).bytes);
    const flat = rows.map((r) => r.join(' ')).join('\n');
    expect(flat).toContain('Поставщик 1');
    expect(flat).toContain(t.etp_id);
  });

  it('a ZIP bundle holds the attachments (sometimes a ZIP inside), each readable', async () => {
    const nested = withDocument((d) => d.slot === 'y')[0]!;
    const c = await card(nested.id);
    const zip = c.documents.find((d: Json) => d.extension === 'zip');
    const entries = await zipEntries((await get(zip.url)).bytes);
    expect([...entries.keys()].some((n) => n.endsWith('.docx'))).toBe(true);
    const inner = [...entries.entries()].find(([n]) => n.endsWith('.zip'));
    expect(inner).toBeDefined();
    const innerEntries = await zipEntries(inner![1]);
    expect(innerEntries.size).toBeGreaterThan(0);
  });

  it('some PDFs are scans with no text layer', async () => {
    const t = withDocument((d) => d.scan && d.slot.startsWith('a'))[0]!;
    const slot = planDocuments(SEED, t, { version: 1, status: 1 }).find((d) => d.scan)!;
    const c = await card(t.id);
    const scan = c.documents.find((d: Json) => d.name === slot.name);
    const bytes = (await get(scan.url)).bytes;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await pdfText(bytes)).trim()).toBe('');
  });

  it('one tender in a few hundred has its contract as .rtf or .doc (RTF inside), readable', async () => {
    const old = withDocument((d) => d.extension === 'rtf' || d.extension === 'doc').filter((x) => !planDocuments(SEED, x, { version: 1, status: 1 }).some((d) => d.kind === 'bundle'));
    expect(old.length).toBeGreaterThan(0);
    expect(old.length).toBeLessThan(TENDERS / 50);
    const c = await card(old[0]!.id);
    const d = c.documents.find((x: Json) => x.extension === 'rtf' || x.extension === 'doc');
    const rtf = (await get(d.url)).bytes.toString('latin1');
    expect(rtf.startsWith('{\\rtf1')).toBe(true);
    const decoded = rtf.replace(/\\u(-?\d+)\?/g, (_, n) => String.fromCharCode((Number(n) + 65536) % 65536));
    expect(decoded).toContain(old[0]!.etp_id);
    expect(decoded).toContain('Предмет контракта');
  });

  it('an address the tender never published is 404, also a real slot at a wrong revision', async () => {
    const c = await card(catalogue[0]!.id);
    const good = new URL(c.documents[0].url);
    const wrong = good.pathname.replace(/\.(\d+)\//, (_, r) => `.${Number(r) + 50}/`);
    expect((await get(`${sb.origin}${wrong}`)).status).toBe(404);
    expect((await get(`${sb.origin}/files/999999999/n.1/x.pdf`)).status).toBe(404);
    expect((await get(`${sb.origin}/files/../etc/passwd`)).status).toBe(404);
  });

  it('an amendment changes some documents (new URL, new text) and the old URL keeps the old bytes', async () => {
    const active = catalogue.filter((t) => t.status === 1 && t.version === 1).slice(0, 40);
    const before = new Map<number, Json[]>();
    for (const t of active) before.set(t.id, (await card(t.id)).documents);
    const oldBytes = new Map<string, string>();
    for (const docs of before.values()) for (const d of docs.slice(0, 2)) oldBytes.set(d.url, sha((await get(d.url)).bytes));
    await ctl(sb, 'tick', { updated: 400 });
    let changed = 0;
    for (const t of active) {
      const now = await card(t.id);
      if (now.version === 1) continue;
      // A version that only closed the tender changes no text; an amendment republishes the notice.
      if (now.documents[0].url === before.get(t.id)![0].url) continue;
      const newText = await pdfText((await get(now.documents[0].url)).bytes);
      expect(newText).toMatch(/Редакция № \d/);
      changed++;
    }
    expect(changed).toBeGreaterThan(0);
    for (const [url, hash] of oldBytes) expect(sha((await get(url)).bytes), url).toBe(hash);
  });
});

describe('the strict sandbox serves documents too', () => {
  let strict: RunningSandbox;
  beforeAll(async () => {
    strict = await startSandbox({ port: 0, seed: SEED, tenders: TENDERS, now: FIXED_NOW, strict: true });
  }, 300_000);
  afterAll(() => strict?.close());

  it('redirects to a chunked octet-stream answer with the same bytes', async () => {
    const c = await card(catalogue[1]!.id);
    // The first sandbox has ticked by now: a document still at its first revision exists in both.
    const d = c.documents.find((x: Json) => x.url.includes('.1/'));
    const path = new URL(d.url).pathname;
    const first = await request(`${strict.origin}${path}`);
    await first.body.dump();
    expect(first.statusCode).toBe(302);
    const location = String(first.headers.location);
    expect(location.startsWith('/storage/')).toBe(true);
    const second = await get(`${strict.origin}${location}`);
    expect(second.status).toBe(200);
    expect(second.headers['content-length']).toBeUndefined();
    expect(second.headers['content-type']).toBe('application/octet-stream');
    expect(sha(second.bytes)).toBe(sha((await get(d.url)).bytes));
  });
});
