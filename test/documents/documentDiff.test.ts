/**
 * Tender documents, "what changed": a sandbox tender's documents downloaded at version 1, an amendment ticked, the new
 * card's documents downloaded: the diff names the changed documents with a word diff of their text (the
 * notice's new revision line, the specification's new quantities or term), keeps unchanged ones unchanged
 * (same URL), and says the summary in one line; with a single held version it says there is nothing to compare.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import { cardStore } from '../../src-main/cache/cardStore';
import { documentSearch } from '../../src-main/cache/documentSearch';
import { BlobStore } from '../../src-main/docfiles/blobStore';
import { DocumentExtractor } from '../../src-main/docfiles/extract/extractRunner';
import { diffTenderDocuments, DocumentDiffError } from '../../src-main/documents/documentDiff';
import { extractDocuments } from '../../src-main/documents/extractDocuments';
import { fetchDocuments } from '../../src-main/documents/fetchDocuments';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index';
import { FIXED_NOW } from '../sandbox-data/helpers';
import { api, ctl, login, type Json } from '../sandbox/helpers';

let sb: RunningSandbox;
let token: string;
let dir: string;
let cache: CacheDb;
let store: BlobStore;
const extractor = new DocumentExtractor({ timeoutMs: 120_000 });

beforeAll(async () => {
  sb = await startSandbox({ port: 0, seed: 7, tenders: 2000, now: FIXED_NOW, strict: false });
  token = await login(sb);
  dir = mkdtempSync(join(tmpdir(), 'tenderwb-diff-'));
  cache = openCache(join(dir, 'cache.db'));
  store = BlobStore.besideCache(cache.file);
}, 300_000);
afterAll(async () => {
  await extractor.close();
  cache?.close();
  await sb?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function holdCard(id: number): Promise<Json> {
  const r = await api(sb, 'GET', `/tenders/${id}`, { token });
  expect(r.status).toBe(200);
  cardStore(cache).saveCard({ kind: 'tender', id, version: r.json.version, positionsPage: 1, positionsLimit: 20, requestId: null, receivedAt: FIXED_NOW, billed: false, card: r.json });
  return r.json;
}

async function fetchAndRead(ids: number[]): Promise<void> {
  await fetchDocuments({ cache, store, tenderIds: ids, maxTotalBytes: null });
  await extractDocuments({ cache, store, extractor });
}

describe('what changed between two versions of a tender’s documentation', () => {
  it('names changed documents with a word diff, keeps unchanged ones, and finds the new text in search', async () => {
    const active = (c: Json): boolean => c.status === 'active' || c.status?.id === 1 || c.status?.code === 'active';
    const candidates: number[] = [];
    // The newest tenders are the open ones (ids follow discovery).
    for (let id = 2000; candidates.length < 12 && id > 1700; id--) {
      const c = await api(sb, 'GET', `/tenders/${id}`, { token });
      if (c.status === 200 && c.json.version === 1 && active(c.json)) candidates.push(id);
    }
    expect(candidates.length).toBeGreaterThan(0);
    for (const id of candidates) await holdCard(id);
    await fetchAndRead(candidates);
    expect(() => diffTenderDocuments(cache, candidates[0]!)).toThrow(DocumentDiffError);

    await ctl(sb, 'tick', { updated: 1500 });
    let amended: number | null = null;
    for (const id of candidates) {
      const c = await holdCard(id);
      if (c.version > 1 && active(c)) {
        amended = id;
        break;
      }
    }
    expect(amended).not.toBeNull();
    await fetchAndRead([amended!]);
    const diff = diffTenderDocuments(cache, amended!);
    expect([diff.from, diff.to]).toEqual([1, expect.any(Number)]);
    const notice = diff.documents[0]!;
    expect(notice.change).toBe('changed');
    expect(notice.parts.some((p) => p.kind === 'added' && /Редакция|№|\d/.test(p.text))).toBe(true);
    expect(notice.summary.ru).toMatch(/: \d+ правк/);
    const changeNotice = diff.documents.find((d) => d.name.startsWith('Изменения в извещение'));
    expect(changeNotice?.change).toBe('added');
    expect(diff.summary.ru.length).toBeGreaterThan(10);
    // Every unchanged document kept its URL's bytes.
    for (const d of diff.documents.filter((x) => x.change === 'unchanged')) expect(d.fromSha256).toBe(d.toSha256);
    // The amended notice's text is searchable: its new revision line finds this tender.
    const hits = documentSearch(cache).search({ text: `"Редакция № ${diff.to}"` });
    expect(hits.map((h) => h.tenderId)).toContain(amended);
  }, 600_000);
});
