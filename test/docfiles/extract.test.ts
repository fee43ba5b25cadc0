/**
 * Tender documents, "untrusted input" and "text": documents are read in a worker thread with time and memory limits;
 * PDF (text layer and scan), DOCX, XLSX, RTF and a .doc that is RTF inside, ZIP members with one level of
 * nesting and more; a zip bomb is refused with a message (expanded size and ratio counted on the inflated bytes),
 * a path-traversal entry name is a label and never a path, a PDF that crashes the parser and a file that runs
 * out of time fail with their reason and the next file is read by a fresh thread.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DocumentExtractor } from '../../src-main/docfiles/extract/extractRunner';
import { DEFAULT_EXTRACT_LIMITS, extractText } from '../../src-main/docfiles/extract/extractText';
import { docxBytes, pdfBytes, rtfBytes, scanBytes, xlsxBytes } from '../../src-main/sandbox/files/documentBytes';
import type { DocumentText } from '../../src-main/sandbox/files/documentText';

const stamp = { date: new Date('2026-11-20T09:00:00Z') };
const SAMPLE: DocumentText = {
  title: 'Техническое задание',
  paragraphs: ['Закупка № 0173100007426000018', 'Срок поставки: не более 30 календарных дней с даты заключения контракта.'],
  table: { head: ['№', 'Наименование', 'Количество'], rows: [['1', 'Ноутбук с процессором не менее 8 ядер', '12']] },
};

// A cold worker loads tsx, pdf.js and the Office readers: tens of seconds on a loaded 2-core machine.
vi.setConfig({ testTimeout: 180_000 });

const extractor = new DocumentExtractor({ timeoutMs: 120_000 });
afterAll(() => extractor.close());

describe('text from each format, in the worker', () => {
  it('PDF with a text layer, DOCX, XLSX, RTF', async () => {
    for (const make of [() => pdfBytes(SAMPLE, stamp), () => docxBytes(SAMPLE, stamp), () => xlsxBytes(SAMPLE, stamp), async () => rtfBytes(SAMPLE)]) {
      const r = await extractor.extract(new Uint8Array(await make()));
      expect(r.state, r.format).toBe('text');
      expect(r.text, r.format).toContain('Срок поставки: не более 30 календарных дней');
      expect(r.text, r.format).toContain('Ноутбук с процессором не менее 8 ядер');
    }
  });

  it('a PDF with no text layer is a scan: «скан: текст не извлечён»', async () => {
    const r = await extractor.extract(new Uint8Array(await scanBytes(1, stamp, 'Скан')));
    expect(r).toMatchObject({ state: 'scan', format: 'pdf', text: '' });
    expect(r.reason?.ru).toBe('скан: текст не извлечён');
  });

  it('ZIP members are read, a ZIP inside a ZIP too, names kept as labels', async () => {
    const inner = zipSync({ 'Приложение.rtf': new Uint8Array(rtfBytes({ ...SAMPLE, title: 'Приложение 1' })) });
    const outer = zipSync({ 'ТЗ.docx': new Uint8Array(await docxBytes(SAMPLE, stamp)), 'Приложения.zip': inner });
    const r = await extractor.extract(outer);
    expect(r.state).toBe('text');
    expect(r.members.map((m) => [m.name, m.state])).toEqual([
      ['ТЗ.docx', 'text'],
      ['Приложения.zip', 'text'],
      ['Приложения.zip / Приложение.rtf', 'text'],
    ]);
    expect(r.text).toContain('Приложение 1');
  });
});

describe('hostile files', () => {
  it('a zip bomb is refused with a message, by the bytes inflated, not by the sizes it declares', async () => {
    const bomb = zipSync({ 'a.txt': new Uint8Array(64 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(200 * 1024);
    const r = await extractor.extract(bomb);
    expect(r.state).toBe('failed');
    expect(r.reason?.ru).toMatch(/^архив похож на zip-бомбу/);
    // With the ratio allowed, the expanded-size cap refuses it too.
    const capped = await extractText(bomb, { ...DEFAULT_EXTRACT_LIMITS, maxRatio: 1_000_000, maxExpandedBytes: 8 * 1024 * 1024 });
    expect(capped.reason?.ru).toMatch(/распакованный размер больше 8 МБ/);
  });

  it('too many entries and too deep a nesting are refused', async () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 20; i++) many[`f${i}.rtf`] = strToU8('{\\rtf1 x}');
    expect((await extractText(zipSync(many), { ...DEFAULT_EXTRACT_LIMITS, maxEntries: 10 })).reason?.ru).toMatch(/больше 10 файлов/);
    let nested: Uint8Array = new Uint8Array(rtfBytes(SAMPLE));
    for (let i = 0; i < 5; i++) nested = zipSync({ [`level${i}.zip`]: nested });
    const deep = await extractText(nested, DEFAULT_EXTRACT_LIMITS);
    expect(JSON.stringify(deep)).toMatch(/архив вложен глубже 3 уровней/);
  });

  it('a path-traversal entry name is a label: nothing is written where it points', async () => {
    const target = join(process.cwd(), '..', '..', 'tenderwb-evil-30.rtf');
    const zip = zipSync({ '../../tenderwb-evil-30.rtf': new Uint8Array(rtfBytes(SAMPLE)), '/etc/cron.d/evil\u202E.rtf': new Uint8Array(rtfBytes(SAMPLE)) });
    const r = await extractor.extract(zip);
    expect(r.members.map((m) => m.name)).toEqual(['../../tenderwb-evil-30.rtf', '/etc/cron.d/evil.rtf']);
    expect(r.state).toBe('text');
    expect(existsSync(target)).toBe(false);
  });

  it('a PDF that crashes the parser fails with a reason, and the next file is read', async () => {
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n'), Buffer.alloc(4096, 0xff), Buffer.from('\nxref\n0 9999999999\ntrailer << /Root 1 0 R /Size -5 >>\n%%EOF')]);
    const r = await extractor.extract(new Uint8Array(broken));
    expect(r.state).toBe('failed');
    expect(r.reason?.ru).toMatch(/файл повреждён или не читается/);
    expect((await extractor.extract(new Uint8Array(rtfBytes(SAMPLE)))).state).toBe('text');
  });

  it('an unknown format and a 0-byte file are told apart from text', async () => {
    expect((await extractor.extract(new Uint8Array(0))).state).toBe('unsupported');
    expect((await extractor.extract(strToU8('MZ\x90\x00 not a document'))).state).toBe('unsupported');
  });

  it('a file over the time limit ends its thread and is reported; the next file gets a fresh thread', async () => {
    const quick = new DocumentExtractor({ timeoutMs: 1 });
    const r = await quick.extract(new Uint8Array(await pdfBytes(SAMPLE, stamp)));
    expect(r.state).toBe('failed');
    expect(r.reason?.ru).toMatch(/разбор файла дольше/);
    await quick.close();
    expect((await extractor.extract(new Uint8Array(await pdfBytes(SAMPLE, stamp)))).state).toBe('text');
  });
});
