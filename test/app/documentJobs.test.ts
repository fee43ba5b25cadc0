/**
 * The app's «Скачать документы» job body (app/documentJobs.ts): the settings' total size limit ends
 * the job with the core's Russian message, before any download (the disk is protected). No sandbox: a held card
 * whose document points nowhere reachable.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openCache } from '../../src-main/cache/database';
import { cardStore } from '../../src-main/cache/cardStore';
import { documentStore } from '../../src-main/cache/documentStore';
import { AppError } from '../../src-main/domain/appError';
import { runDocumentsJob } from '../../src-main/app/documentJobs';
import type { JobHooks } from '../../src-main/current/syncJobs';
import type { Text } from '../../src-main/i18n/text';

const dir = mkdtempSync(join(tmpdir(), 'twb-docjob-'));
const cache = openCache(join(dir, 'cache.db'));
afterAll(() => {
  cache.close();
  rmSync(dir, { recursive: true, force: true });
});

const MB = 1024 * 1024;
// Port 9 (discard) on loopback: nothing is downloaded from it; the limit must stop the job before it is tried.
const card = { id: 7, version: 1, name: 'Тест', documents: [{ id: 1, name: 'ТЗ', url: 'http://127.0.0.1:9/files/7/tz.pdf', extension: 'pdf' }] };
cardStore(cache).saveCard({ kind: 'tender', id: 7, version: 1, positionsPage: 1, positionsLimit: 20, requestId: null, receivedAt: '2026-01-01T00:00:00Z', billed: false, card });
// 2 MB already stored (another tender's documents).
documentStore(cache).recordStored('http://127.0.0.1:9/other.pdf', 'a'.repeat(64), 2 * MB, '2026-01-01T00:00:00Z');

function hooks() {
  const notices: Text[] = [];
  const h: JobHooks = { onProgress: () => undefined, onFollowing: () => undefined, onNotice: (t) => notices.push(t) };
  return { h, notices };
}

describe('the documents job', () => {
  it('stops at the settings’ total size limit with a clear Russian message, downloading nothing', async () => {
    const { h } = hooks();
    const spec = { filterId: 'documents:tender:7', label: null, feeds: ['tender' as const], streams: [], follow: false, documents: { tenderIds: [7] } };
    const settings = { autoDownload: { marked: false, lists: [], savedSearches: [] }, maxFileMb: 100, maxTotalMb: 1 };
    const stopped = await runDocumentsJob(cache, spec, settings, new AbortController().signal, h).then(
      () => null,
      (e: unknown) => e,
    );
    expect(stopped).toBeInstanceOf(AppError);
    expect((stopped as AppError).code).toBe('disk_full');
    expect((stopped as AppError).text.ru).toBe('достигнут предел места под документы (1 МБ) — остальные не скачаны; увеличьте предел (--max-mb или «Настройки»)');
    expect(documentStore(cache).fetchOf(card.documents[0]!.url)).toBeUndefined();
  });
});
