/**
 * A long list's export reads its packs on a second thread (packTextThread.ts): the file must be byte for
 * byte what the single-thread export writes, whatever the thread does (cannot open the file, is cancelled), and
 * the built app must find and run the thread's own bundle (out/main/packTextWorker.js, built by `npm test`
 * before vitest runs).
 */
import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { feedStore } from '../../src-main/cache/feedStore';
import { listMembersByPack, packMemberTexts, readPack } from '../../src-main/cache/listMemberVersions';
import { listStore } from '../../src-main/cache/listStore';
import { TENDER_COLUMNS } from '../../src-main/export/csv';
import { jsonFieldPicker } from '../../src-main/cache/jsonFields';
import { defaultListColumns, exportListCsv } from '../../src-main/export/listExport';
import type { PackTextReply } from '../../src-main/export/packTextProtocol';
import { workerEntry } from '../../src-main/threads/workerEntry';
import { tempCache, tempDir, tender, tenderItem, tenderPage } from '../cache/helpers';

/** 12 pages of 50 tenders, a few updated later (their newest versions in later packs), one never delivered. */
function longList(pages = 12, perPage = 50) {
  const cache = tempCache();
  const feeds = feedStore(cache);
  for (let p = 0; p < pages; p++) {
    feeds.saveFeedPage(
      tenderPage(
        Array.from({ length: perPage }, (_, i) => {
          const id = p * perPage + i + 1;
          return tenderItem(tender(id, 1, { name: `Поставка "товара" ${id}; партия`, price: id * 1000.5, customer: id % 7 === 0 ? '=ООО «Формула»' : `ООО «Ромашка ${id}»` }));
        }),
      ),
    );
  }
  feeds.saveFeedPage(tenderPage([5, 77, 300].map((id) => tenderItem(tender(id, 2, { status: 'completed', price: 1 }), { event: 'updated' }))));
  const lists = listStore(cache);
  lists.upsertList({ listId: 'lst_long', name: 'Длинный', createdAt: '2026-11-25T00:00:00Z' });
  lists.setItems('lst_long', [...Array.from({ length: pages * perPage }, (_, i) => pages * perPage - i), 9999]);
  return cache;
}

const columns = [...defaultListColumns(), TENDER_COLUMNS.find((c) => c.key === 'okpd2')!];

async function exportTo(cache: ReturnType<typeof tempCache>, threadFromPacks: number, opts: { signal?: AbortSignal } = {}): Promise<{ bytes: Buffer; missing: number; rows: number }> {
  const file = join(tempDir(), 'list.csv');
  const result = await exportListCsv(cache, 'lst_long', columns, file, { threadFromPacks, ...opts });
  return { bytes: readFileSync(file), missing: result.missing, rows: result.rows };
}

describe('a long list exported with its packs read on a second thread', () => {
  it('writes the same bytes as the single-thread export', async () => {
    const cache = longList();
    const single = await exportTo(cache, Number.POSITIVE_INFINITY);
    const threaded = await exportTo(cache, 0);
    expect(threaded.rows).toBe(601);
    expect(threaded.missing).toBe(1);
    expect(threaded.bytes.equals(single.bytes)).toBe(true);
    const text = threaded.bytes.toString('utf8');
    expect(text).toContain("'=ООО «Формула»"); // still guarded against formulas
    // List order: the members as the list holds them (600 down to 1), the one never delivered last, id only.
    const lines = text.split('\r\n');
    expect(lines[1]).toMatch(/^600;/);
    expect(lines[600]).toMatch(/^1;/);
    expect(lines[601]).toBe('9999' + ';'.repeat(columns.length - 1));
  });

  it('a thread that cannot open the cache file leaves the packs to this thread: the same bytes, nothing lost', async () => {
    const cache = longList();
    const single = await exportTo(cache, Number.POSITIVE_INFINITY);
    // The cache's folder moved away while the cache is open: this thread reads on through its open file,
    // the pack thread opens the file by its name and finds nothing there.
    const folder = dirname(cache.file);
    renameSync(folder, `${folder}-moved`);
    try {
      expect(existsSync(cache.file)).toBe(false);
      const threaded = await exportTo(cache, 0);
      expect(threaded.bytes.equals(single.bytes)).toBe(true);
    } finally {
      renameSync(`${folder}-moved`, folder);
    }
  });

  it('a cancelled export leaves no file and no thread behind', async () => {
    const cache = longList(30, 100);
    const dir = tempDir();
    const controller = new AbortController();
    let reported = 0;
    const run = exportListCsv(cache, 'lst_long', columns, join(dir, 'list.csv'), {
      threadFromPacks: 0,
      signal: controller.signal,
      onProgress: (n) => {
        reported = n;
        if (n >= 1000) controller.abort(new Error('cancelled by the user'));
      },
    });
    await expect(run).rejects.toThrow('cancelled by the user');
    expect(reported).toBe(1000); // stopped at the first progress step, mid-way through the packs
    expect(readdirSync(dir)).toEqual([]);
    // The cache and the export are as usable as before.
    expect((await exportTo(cache, 0)).rows).toBe(3001);
  });
});

describe('the built app runs the same thread (out/main/packTextWorker.js)', () => {
  const outMain = resolve('out/main');

  it('is found from the bundle chunk the export is built into', () => {
    const chunk = readdirSync(join(outMain, 'chunks')).find((f) => f.startsWith('appCore-'))!;
    const entry = workerEntry(pathToFileURL(join(outMain, 'chunks', chunk)).href, 'packTextWorker');
    expect(entry.file).toBe(join(outMain, 'packTextWorker.js'));
    expect(existsSync(entry.file)).toBe(true);
    expect(workerEntry(pathToFileURL(join(outMain, 'index.js')).href, 'coreWorker').file).toBe(join(outMain, 'coreWorker.js'));
  });

  it('answers a pack with the fields the columns read, as this thread cuts them', async () => {
    const cache = longList();
    const fields = ['id', 'name', 'organization'];
    const pack = listMembersByPack(cache, 'lst_long').packs[0]!;
    const pick = jsonFieldPicker(fields);
    const expected = packMemberTexts(readPack(cache, pack.packId), pack.offsets, pack.lengths, (b, s, e) => pick(b, s, e)!);
    const worker = new Worker(join(outMain, 'packTextWorker.js'), { workerData: { file: cache.file, fields, addon: null } });
    try {
      const replies: PackTextReply[] = [];
      const answered = new Promise<void>((done, fail) => {
        worker.on('error', fail);
        worker.on('message', (reply: PackTextReply) => {
          replies.push(reply);
          if (reply.seq === 7) done();
        });
      });
      worker.postMessage({ seq: 7, packId: pack.packId, offsets: pack.offsets, lengths: pack.lengths });
      await answered;
      const reply = replies.at(-1)!;
      if (!('bytes' in reply)) throw new Error(`the worker answered ${JSON.stringify(reply)}`);
      const bytes = Buffer.from(reply.bytes);
      const texts = reply.ends.map((end, i) => bytes.toString('utf8', i === 0 ? 0 : reply.ends[i - 1], end));
      expect(texts).toEqual(expected);
      expect(JSON.parse(texts[0]!)).toEqual({ id: pack.tenderIds[0], name: expect.any(String), organization: expect.any(Object) });
    } finally {
      await worker.terminate();
    }
  });
});
