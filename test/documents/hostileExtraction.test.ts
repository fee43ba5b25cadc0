/**
 * Tender documents are untrusted input: a hostile document that runs the extraction thread out of memory, or past its time
 * limit, is kept as failed («ошибка») with the reason, its bytes stay stored, it is not read again by itself,
 * and nothing else is lost: the documents before it keep their text and the one after it is read by a fresh
 * thread in the same run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openCache } from '../../src-main/cache/database';
import { documentStore } from '../../src-main/cache/documentStore';
import { BlobStore } from '../../src-main/docfiles/blobStore';
import { DocumentExtractor } from '../../src-main/docfiles/extract/extractRunner';
import { extractDocuments } from '../../src-main/documents/extractDocuments';

const dir = mkdtempSync(join(tmpdir(), 'tenderwb-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rtf = (body: string): Buffer => Buffer.from(`{\\rtf1\\ansi ${body.replace(/[\u0400-\u04ff]/g, (c) => `\\u${c.charCodeAt(0)}?`)}\\par}`, 'latin1');
/** Eight million nested groups: each one is a frame the reader keeps, far past a 64 MB heap. */
const nestingBomb = (): Buffer => Buffer.concat([Buffer.from('{\\rtf1\\ansi '), Buffer.alloc(8_000_000, '{')]);

async function storeAll(files: Buffer[], at: string[]): Promise<{ cacheFile: string; shas: string[] }> {
  const cacheFile = join(dir, `cache-${Math.random().toString(36).slice(2)}.db`);
  const cache = openCache(cacheFile);
  const store = BlobStore.besideCache(cacheFile);
  const shas: string[] = [];
  for (const [i, f] of files.entries()) {
    const w = store.writer();
    await w.write(f);
    const { sha256, bytes } = await w.commit();
    // stored_at orders the extraction: the hostile file sits between two good ones.
    documentStore(cache).recordStored(`http://127.0.0.1:1/${i}`, sha256, bytes, at[i]!);
    shas.push(sha256);
  }
  cache.close();
  return { cacheFile, shas };
}

describe('a hostile document in the extraction thread', () => {
  it('out of memory: that document is failed with the reason, the ones before and after keep and get their text', async () => {
    const { cacheFile, shas } = await storeAll(
      [rtf('Техническое задание на бумагу.'), nestingBomb(), rtf('Проект контракта на поставку бумаги.')],
      ['2026-11-20T09:00:01Z', '2026-11-20T09:00:02Z', '2026-11-20T09:00:03Z'],
    );
    const cache = openCache(cacheFile);
    const extractor = new DocumentExtractor({ maxMemoryMb: 64, timeoutMs: 300_000 });
    try {
      const summary = await extractDocuments({ cache, store: BlobStore.besideCache(cacheFile), extractor });
      expect(summary).toEqual({ read: 3, text: 2, scans: 0, failed: 1 });
      const docs = documentStore(cache);
      expect(docs.textOf(shas[0]!)?.text).toBe('Техническое задание на бумагу.');
      expect(docs.textOf(shas[1]!)).toMatchObject({ state: 'failed', reason: { ru: 'разбор файла превысил предел памяти (64 МБ)' } });
      expect(docs.textOf(shas[2]!)?.text).toBe('Проект контракта на поставку бумаги.');
      // Its bytes are kept (a later reader may do better), and it is not retried by itself.
      expect(BlobStore.besideCache(cacheFile).has(shas[1]!)).toBe(true);
      expect(docs.pendingExtraction(10)).toEqual([]);
    } finally {
      await extractor.close();
      cache.close();
    }
  }, 600_000);

  it('over the time limit: that document is failed with the reason, the held texts stay, its bytes stay', async () => {
    const { cacheFile, shas } = await storeAll([rtf('Извещение о закупке бумаги.'), nestingBomb()], ['2026-11-20T09:00:01Z', '2026-11-20T09:00:02Z']);
    const cache = openCache(cacheFile);
    const store = BlobStore.besideCache(cacheFile);
    const docs = documentStore(cache);
    // The good one is read first, with room; then the hostile one alone under a limit it cannot meet.
    const roomy = new DocumentExtractor({ timeoutMs: 300_000 });
    const onlyFirst = new AbortController();
    try {
      await extractDocuments({ cache, store, extractor: roomy, signal: onlyFirst.signal, onDocument: () => onlyFirst.abort() });
    } finally {
      await roomy.close();
    }
    expect(docs.textOf(shas[0]!)?.text).toBe('Извещение о закупке бумаги.');
    const hasty = new DocumentExtractor({ timeoutMs: 1 });
    try {
      expect(await extractDocuments({ cache, store, extractor: hasty })).toEqual({ read: 1, text: 0, scans: 0, failed: 1 });
    } finally {
      await hasty.close();
    }
    expect(docs.textOf(shas[1]!)).toMatchObject({ state: 'failed', reason: { ru: 'разбор файла дольше 1 мс — прерван' } });
    expect(docs.textOf(shas[0]!)?.text).toBe('Извещение о закупке бумаги.');
    expect(store.has(shas[1]!)).toBe(true);
    cache.close();
  }, 600_000);
});
