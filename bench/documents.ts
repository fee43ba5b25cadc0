/**
 * Tender documents' figures: extraction throughput in the worker beside a plain read (sha256) of the same bytes, and
 * «в документах» search latency (p50/p95) over N documents (default 100,000; target p95 < 50 ms), beside the index
 * alone (the same MATCH's rowids, nothing joined, no snippet) measured in the same run.
 *
 *   npx tsx bench/documents.ts [--documents 100000] [--files 30]
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openCache } from '../src-main/cache/database';
import { documentMatch, documentSearch } from '../src-main/cache/documentSearch';
import { DocumentExtractor } from '../src-main/docfiles/extract/extractRunner';
import { docxBytes, pdfBytes, xlsxBytes } from '../src-main/sandbox/files/documentBytes';
import type { DocumentText } from '../src-main/sandbox/files/documentText';

const WORDS = 'поставка товара компьютерной техники ноутбук монитор принтер картридж бумага мебель стол стул шкаф медицинских изделий шприц перчатки маска лекарственных препаратов ремонт здания кровли фасада услуги уборки охраны питания транспорта топлива бензин дизельное газ электроэнергия программного обеспечения лицензии сопровождения'.split(' ');

export async function benchDocumentExtraction(files: number): Promise<{ files: number; bytes: number; extractMs: number; readMs: number }> {
  const docs: Buffer[] = [];
  for (let i = 0; i < files; i++) {
    const t: DocumentText = {
      title: `Техническое задание № ${i}`,
      paragraphs: Array.from({ length: 20 }, (_, k) => `${k + 1}. ${Array.from({ length: 25 }, (_, w) => WORDS[(i * 7 + k * 3 + w) % WORDS.length]).join(' ')}.`),
      table: { head: ['№', 'Наименование', 'Количество'], rows: Array.from({ length: 30 }, (_, r) => [String(r + 1), WORDS[(i + r) % WORDS.length]!, String(r * 3 + 1)]) },
    };
    const stamp = { date: new Date('2026-11-20T09:00:00Z') };
    docs.push(await [pdfBytes, docxBytes, xlsxBytes][i % 3]!(t, stamp));
  }
  const bytes = docs.reduce((s, d) => s + d.length, 0);
  const extractor = new DocumentExtractor({ timeoutMs: 300_000 });
  await extractor.extract(new Uint8Array(docs[0]!)); // the worker's start and the parsers' load are not the throughput
  let t0 = performance.now();
  for (const d of docs) await extractor.extract(new Uint8Array(d));
  const extractMs = performance.now() - t0;
  await extractor.close();
  t0 = performance.now();
  for (const d of docs) createHash('sha256').update(d).digest('hex');
  const readMs = performance.now() - t0;
  return { files, bytes, extractMs, readMs };
}

type Timed = { q: string; p50: number; p95: number; hits: number; index: { p50: number; p95: number } };

export function benchDocumentSearch(documents: number): { documents: number; fillMs: number; queries: Timed[] } {
  const dir = mkdtempSync(join(tmpdir(), 'tenderwb-bench-docs-'));
  try {
    const cache = openCache(join(dir, 'cache.db'));
    const { db } = cache;
    const t0 = performance.now();
    const blob = db.prepare('INSERT INTO document_blob (sha256, bytes, stored_at) VALUES (?, ?, ?)');
    const fetch = db.prepare('INSERT INTO document_fetch (url, sha256, fetched_at) VALUES (?, ?, ?)');
    const ref = db.prepare('INSERT INTO document_ref (tender_id, version, ordinal, url, name, extension) VALUES (?, 1, ?, ?, ?, ?)');
    const txt = db.prepare("INSERT INTO document_text (sha256, state, format, text, extracted_at) VALUES (?, 'text', 'docx', ?, ?)");
    let seed = 12345;
    const rnd = (n: number): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n);
    const at = '2026-11-20T09:00:00Z';
    for (let start = 0; start < documents; start += 5000) {
      db.transaction(() => {
        for (let i = start; i < Math.min(documents, start + 5000); i++) {
          const sha = createHash('sha256').update(String(i)).digest('hex');
          const words = Array.from({ length: 300 }, () => WORDS[rnd(WORDS.length)]).join(' ');
          const body = `Закупка № 01731000074260${String(i).padStart(5, '0')}. ${words}. Срок поставки: не более ${10 + rnd(50)} календарных дней.`;
          blob.run(sha, body.length, at);
          fetch.run(`http://docs/${i}`, sha, at);
          ref.run(Math.floor(i / 4) + 1, (i % 4) + 1, `http://docs/${i}`, `Документ ${i % 4}`, 'docx');
          txt.run(sha, body, at);
        }
      })();
    }
    const fillMs = performance.now() - t0;
    const search = documentSearch(cache);
    // The baseline in the same run: the index alone (the same MATCH, the page's rowids, nothing joined, no
    // snippet), each run beside a search run so the shared machine's load falls on both alike.
    const nextTerm = db.prepare<[string, string], string>('SELECT term FROM document_fts_instance WHERE term >= ? AND term <= ? LIMIT 1').pluck();
    const expand = (prefix: string): string[] | null => {
      const found: string[] = [];
      for (let t = nextTerm.get(prefix, `${prefix}\u{10FFFF}`); t !== undefined && found.length <= 64; t = nextTerm.get(`${t}\u0001`, `${prefix}\u{10FFFF}`)) found.push(t);
      return found.length > 64 ? null : found;
    };
    const indexOnly = db.prepare<[string], number>('SELECT rowid FROM document_fts WHERE document_fts MATCH ? ORDER BY rowid DESC LIMIT 50').pluck();
    const queries = ['"0173100007426012345"', 'ноутбуки', 'поставка монитор', '"срок поставки" -картридж', 'шприцев OR перчаток'];
    const pct = (t: number[], p: number): number => [...t].sort((a, b) => a - b)[Math.floor(t.length * p)]!;
    const out = queries.map((q) => {
      const times: number[] = [];
      const base: number[] = [];
      const match = documentMatch(q, expand);
      let hits = 0;
      for (let r = 0; r < 100; r++) {
        let s = performance.now();
        indexOnly.all(match);
        base.push(performance.now() - s);
        s = performance.now();
        hits = search.search({ text: q, limit: 50 }).length;
        times.push(performance.now() - s);
      }
      return { q, p50: pct(times, 0.5), p95: pct(times, 0.95), hits, index: { p50: pct(base, 0.5), p95: pct(base, 0.95) } };
    });
    cache.close();
    return { documents, fillMs, queries: out };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function reportDocuments(e: Awaited<ReturnType<typeof benchDocumentExtraction>>, s: ReturnType<typeof benchDocumentSearch>): void {
  const mb = e.bytes / 2 ** 20;
  console.log(`documents: extraction of ${e.files} files (${mb.toFixed(1)} MB, PDF/DOCX/XLSX) in the worker: ${(mb / (e.extractMs / 1000)).toFixed(2)} MB/s, ${(e.extractMs / e.files).toFixed(0)} ms a file; baseline sha256 of the same bytes: ${(mb / (e.readMs / 1000)).toFixed(0)} MB/s`);
  console.log(`documents: search over ${s.documents.toLocaleString('en')} documents (filled in ${(s.fillMs / 1000).toFixed(1)} s), 100 runs each, limit 50; baseline: the index alone in the same run:`);
  for (const q of s.queries) {
    console.log(
      `  ${q.q.padEnd(30)} p50 ${q.p50.toFixed(1)} ms, p95 ${q.p95.toFixed(1)} ms (${q.hits} hits)${q.p95 < 50 ? '' : '  over the 50 ms target'}; index alone p50 ${q.index.p50.toFixed(2)} ms, p95 ${q.index.p95.toFixed(2)} ms (p95 × ${(q.p95 / Math.max(q.index.p95, 0.01)).toFixed(1)})`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { documents: { type: 'string', default: '100000' }, files: { type: 'string', default: '30' } } });
  reportDocuments(await benchDocumentExtraction(Number(values.files)), benchDocumentSearch(Number(values.documents)));
}
