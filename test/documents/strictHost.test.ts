/**
 * Tender documents, "the strict sandbox serves them too": the client downloads a card's documents from the strict
 * sandbox, which redirects each URL and sends the bytes chunked as application/octet-stream with no name, and
 * stores the same bytes (the same sha256) the default sandbox serves for the same URL path.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import { cardStore } from '../../src-main/cache/cardStore';
import { documentStore } from '../../src-main/cache/documentStore';
import { BlobStore } from '../../src-main/docfiles/blobStore';
import { fetchDocuments } from '../../src-main/documents/fetchDocuments';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index';
import { FIXED_NOW } from '../sandbox-data/helpers';
import { api, login } from '../sandbox/helpers';

let strict: RunningSandbox;
let plain: RunningSandbox;
let dir: string;
let cache: CacheDb;

beforeAll(async () => {
  strict = await startSandbox({ port: 0, seed: 7, tenders: 2000, now: FIXED_NOW, strict: true });
  plain = await startSandbox({ port: 0, seed: 7, tenders: 2000, now: FIXED_NOW, strict: false });
  dir = mkdtempSync(join(tmpdir(), 'tenderwb-strict-docs-'));
  cache = openCache(join(dir, 'cache.db'));
}, 300_000);
afterAll(async () => {
  cache?.close();
  await strict?.close();
  await plain?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('documents from the strict sandbox', () => {
  it('are followed through the redirect, read chunked, and stored with the default sandbox’s sha256', async () => {
    const token = await login(strict);
    const card = await api(strict, 'GET', '/tenders/3', { token });
    expect(card.status).toBe(200);
    // The strict card may leave its version out (the reference does not promise it in a card): stored as 1.
    cardStore(cache).saveCard({ kind: 'tender', id: 3, version: card.json.version ?? 1, positionsPage: 1, positionsLimit: 20, requestId: null, receivedAt: FIXED_NOW, billed: false, card: card.json });
    const summary = await fetchDocuments({ cache, store: BlobStore.besideCache(cache.file), tenderIds: [3], maxTotalBytes: null });
    expect(summary.failed).toBe(0);
    expect(summary.files).toBe(card.json.documents.length);
    for (const d of card.json.documents) {
      const held = documentStore(cache).fetchOf(d.url);
      const same = Buffer.from(await (await request(`${plain.origin}${new URL(d.url).pathname}`)).body.arrayBuffer());
      expect(held?.held && held.sha256).toBe(createHash('sha256').update(same).digest('hex'));
    }
  });
});
