/**
 * The «Скачать документы» use case over a cache: a total size limit stops the job with a clear
 * message and what was stored stays; run again with room, it resumes and fetches only what is missing; a
 * failed document is recorded with its reason and a held URL is never fetched twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import { cardStore } from '../../src-main/cache/cardStore';
import { documentStore } from '../../src-main/cache/documentStore';
import { BlobStore } from '../../src-main/docfiles/blobStore';
import { fetchDocuments } from '../../src-main/documents/fetchDocuments';

let server: Server;
let origin: string;
let hits: string[] = [];
let dir: string;
let cache: CacheDb;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/broken') return void res.writeHead(500).end();
    // Each file is 100 KB of its own bytes.
    res.writeHead(200).end(Buffer.alloc(100 * 1024, req.url ?? ''));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'tenderwb-docs-'));
  cache = openCache(join(dir, 'cache.db'));
  const documents = ['/a', '/b', '/c', '/broken'].map((p, i) => ({ id: i + 1, name: `Документ ${i + 1}`, url: `${origin}${p}`, extension: 'pdf' }));
  cardStore(cache).saveCard({ kind: 'tender', id: 77, version: 1, positionsPage: 1, positionsLimit: 20, requestId: null, receivedAt: '2026-11-20T09:00:00Z', billed: false, card: { id: 77, version: 1, etp_id: '0173100007426000018', documents } });
});
afterAll(async () => {
  cache?.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe('fetchDocuments', () => {
  it('the total size limit is never passed: a file that would pass it is not kept, the job stops with a message; a second run with room resumes with what is missing', async () => {
    const store = new BlobStore(join(dir, 'blobs'));
    hits = [];
    const first = await fetchDocuments({ cache, store, tenderIds: [77], maxTotalBytes: 150 * 1024 });
    expect(first.fresh).toBe(1);
    expect(first.stopped?.ru).toMatch(/достигнут предел места под документы/);
    expect(hits).toEqual(['/a', '/b']);
    expect(documentStore(cache).storedBytes()).toBe(100 * 1024);
    // The file cut at the limit is not held against its URL as a failure of its own.
    expect(documentStore(cache).fetchOf(`${origin}/b`)).toBeUndefined();

    hits = [];
    const second = await fetchDocuments({ cache, store, tenderIds: [77], maxTotalBytes: null });
    expect(hits).toEqual(['/b', '/c', '/broken']);
    expect(second).toMatchObject({ files: 4, fresh: 2, held: 1, failed: 1, stopped: null });
    const broken = documentStore(cache).fetchOf(`${origin}/broken`);
    expect(broken?.held === false && broken.reason.ru).toBe('сервер документов ответил 500');

    hits = [];
    const third = await fetchDocuments({ cache, store, tenderIds: [77], maxTotalBytes: null });
    expect(hits).toEqual(['/broken']);
    expect(third).toMatchObject({ held: 3, failed: 1, fresh: 0 });
  });
});
