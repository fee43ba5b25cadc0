/**
 * Extraction is per sha256 and its row is written whole after the file is read, so a `kill -9`
 * during an extraction leaves nothing half-stored (no row, the document still pending, its bytes intact) and
 * the next run reads it; a document's text is kept once for every URL that gave the same bytes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openCache } from '../../src-main/cache/database';
import { documentStore } from '../../src-main/cache/documentStore';
import { BlobStore } from '../../src-main/docfiles/blobStore';
import { DocumentExtractor } from '../../src-main/docfiles/extract/extractRunner';
import { extractDocuments } from '../../src-main/documents/extractDocuments';
import { pdfBytes } from '../../src-main/sandbox/files/documentBytes';

const dir = mkdtempSync(join(tmpdir(), 'tenderwb-extract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('extraction survives kill -9', () => {
  it('a killed extraction leaves no row and the bytes whole; the next run reads the document', async () => {
    const cacheFile = join(dir, 'cache.db');
    const cache = openCache(cacheFile);
    const store = BlobStore.besideCache(cacheFile);
    const pdf = await pdfBytes({ title: 'Извещение', paragraphs: ['Начальная (максимальная) цена: 1 000,00 руб.'], table: null }, { date: new Date('2026-11-20T09:00:00Z') });
    const w = store.writer();
    await w.write(pdf);
    const { sha256, bytes } = await w.commit();
    documentStore(cache).recordStored('http://127.0.0.1:1/a.pdf', sha256, bytes, '2026-11-20T09:00:00Z');
    documentStore(cache).recordStored('http://127.0.0.1:1/b.pdf', sha256, bytes, '2026-11-20T09:00:00Z');
    cache.close();

    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'docfiles', 'fixtures', 'extractOnce.ts'), cacheFile], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<NodeJS.Signals | null>((r) => child.on('exit', (_c, s) => r(s)));
    let out = '';
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('start ')) resolve();
      });
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(out).not.toContain('done');

    const reopened = openCache(cacheFile);
    const docs = documentStore(reopened);
    expect(docs.textOf(sha256)).toBeUndefined();
    expect(docs.pendingExtraction(10)).toEqual([{ sha256, bytes }]);
    const extractor = new DocumentExtractor();
    try {
      const summary = await extractDocuments({ cache: reopened, store: BlobStore.besideCache(cacheFile), extractor });
      expect(summary).toEqual({ read: 1, text: 1, scans: 0, failed: 0 });
    } finally {
      await extractor.close();
    }
    expect(docs.textOf(sha256)?.text).toContain('Начальная (максимальная) цена');
    expect(docs.pendingExtraction(10)).toEqual([]);
    reopened.close();
  }, 120_000);
});
