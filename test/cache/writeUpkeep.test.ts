import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../src-main/cache/database';
import { deliveryWriter } from '../../src-main/cache/deliveryWriter';
import { feedStore, type FeedPage } from '../../src-main/cache/feedStore';
import { offlineSearch } from '../../src-main/cache/offlineSearch';
import { versionStore } from '../../src-main/cache/versionStore';
import Database from 'better-sqlite3';
import { startBackgroundCheckpointer, type BackgroundCheckpointer, type CheckpointResult } from '../../src-main/cache/walCheckpointer';
import { createWriteUpkeep, stopWriteUpkeep, type WriteStep } from '../../src-main/cache/writeUpkeep';
import { tempCache, tempDir, tender, tenderItem, tenderPage } from './helpers';

/** Segments of the FTS5 index: leaf rowids hold the segment id above bit 37; tombstone pages sit at 2^16 and up. */
const ftsSegments = (cache: ReturnType<typeof tempCache>): number =>
  cache.db.prepare<[], number>('SELECT count(DISTINCT id >> 37) FROM tender_fts_data WHERE id >> 37 BETWEEN 1 AND 65535').pluck().get()!;

describe('upkeep after each write transaction (writeUpkeep.ts)', () => {
  it('merges the search index in small steps outside the page transactions: segments stay few', () => {
    const cache = tempCache();
    const feeds = feedStore(cache);
    for (let p = 0; p < 60; p++) feeds.saveFeedPage(tenderPage([tenderItem(tender(p + 1, 1))]));
    // One segment per page without the steps (automatic merging is off); FTS5's crisis merge alone would
    // allow 15 per level.
    expect(ftsSegments(cache)).toBeLessThanOrEqual(10);
    expect(offlineSearch(cache).count({ text: 'канцелярских' })).toEqual({ count: 60, exact: true });
  });

  it('reports the write transaction, the merge step and the checkpoint each on its own', () => {
    const cache = tempCache();
    const steps: WriteStep[] = [];
    const stop = deliveryWriter(cache).upkeep.observe((step, ms) => {
      expect(ms).toBeGreaterThanOrEqual(0);
      steps.push(step);
    });
    const feeds = feedStore(cache);
    for (let p = 0; p < 10; p++) feeds.saveFeedPage(tenderPage([tenderItem(tender(p + 1, 1))]));
    stop();
    feeds.saveFeedPage(tenderPage([tenderItem(tender(99, 1))]));
    expect(steps.filter((s) => s === 'transaction')).toHaveLength(10);
    expect(steps.filter((s) => s === 'merge')).toHaveLength(10);
    expect(steps.filter((s) => s === 'checkpoint').length).toBeGreaterThan(0);
    expect(steps[0]).toBe('transaction'); // the upkeep runs after the transaction, never inside it
  });

  it("SQLite's automatic checkpoint (inside COMMIT) is off on the writer; the writer's own keeps the WAL short", () => {
    const cache = tempCache();
    const feeds = feedStore(cache);
    expect(cache.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    for (let p = 0; p < 40; p++) feeds.saveFeedPage(tenderPage([tenderItem(tender(p + 1, 1))]));
    const [wal] = cache.db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
    expect(wal!.log).toBeLessThan(2000);
  });

  it('a failed page leaves no queued index rows behind for the next one', () => {
    const cache = tempCache();
    const feeds = feedStore(cache);
    cache.db.exec(`CREATE TEMP TRIGGER fail_cursor BEFORE INSERT ON main.feed_cursor WHEN NEW.cursor = 'cur_bad'
                   BEGIN SELECT RAISE(ABORT, 'disk said no'); END`);
    expect(() => feeds.saveFeedPage(tenderPage([tenderItem(tender(1, 1, { name: 'Ремонт кровли' }))], { cursor: 'cur_bad' }))).toThrow('disk said no');
    feeds.saveFeedPage(tenderPage([tenderItem(tender(2, 1))]));
    expect(versionStore(cache).has('tender', 1, 1)).toBe(false);
    expect(offlineSearch(cache).count({ text: 'кровли' }).count).toBe(0);
    expect(offlineSearch(cache).count({ text: 'канцелярских' }).count).toBe(1);
  });

  it('index rows are written in rowid order within a page: an update of an old tender between new ones', () => {
    const cache = tempCache();
    const feeds = feedStore(cache);
    feeds.saveFeedPage(tenderPage([1, 2, 3].map((id) => tenderItem(tender(id, 1)))));
    feeds.saveFeedPage(
      tenderPage([
        tenderItem(tender(4, 1)),
        tenderItem(tender(2, 2, { name: 'Ремонт кровли' }), { event: 'updated' }),
        tenderItem(tender(5, 1)),
        tenderItem(tender(1, 2, { name: 'Поставка мебели' }), { event: 'updated' }),
        tenderItem(tender(5, 2, { name: 'Вывоз снега' }), { event: 'updated' }),
      ]),
    );
    const search = offlineSearch(cache);
    expect(search.search({ text: 'кровли' }).rows.map((r) => r.id)).toEqual([2]);
    expect(search.search({ text: 'мебели' }).rows.map((r) => r.id)).toEqual([1]);
    expect(search.search({ text: 'снега' }).rows.map((r) => r.id)).toEqual([5]);
    expect(search.search({ text: 'канцелярских' }).rows.map((r) => r.id)).toEqual([4, 3]);
    expect(() => cache.db.prepare("INSERT INTO tender_fts (tender_fts, rank) VALUES ('integrity-check', 0)").run()).not.toThrow();
  });
});

describe('checkpoints on their own thread once writing is sustained (walCheckpointer.ts)', () => {
  const manyTenders = (page: number, size = 100): FeedPage =>
    tenderPage(Array.from({ length: size }, (_, i) => tenderItem(tender(page * size + i + 1, 1, { name: `Поставка товара ${page}-${i}` }))));

  it('a long sync moves checkpoints to the thread, keeps the WAL bounded, and the close still removes the WAL', () => {
    const file = join(tempDir(), 'cache.db');
    const cache = openCache(file);
    const feeds = feedStore(cache);
    const upkeep = deliveryWriter(cache).upkeep;
    const checkpoints: number[] = [];
    upkeep.observe((step, ms) => step === 'thread-checkpoint' && checkpoints.push(ms));
    feeds.saveFeedPage(manyTenders(0, 1));
    expect(upkeep.checkpointsOnThread()).toBe(false); // a card or a small page never starts a thread
    // At least 120 pages, then on until the thread has answered three checkpoints: on a loaded machine the
    // thread starts and answers late (a fixed page count made this test fail under a CPU hog).
    const deadline = performance.now() + 60_000;
    let pages = 0;
    while (pages < 120 || (checkpoints.length <= 2 && performance.now() < deadline)) feeds.saveFeedPage(manyTenders(++pages));
    expect(upkeep.checkpointsOnThread()).toBe(true);
    expect(checkpoints.length).toBeGreaterThan(2);
    cache.close();
    // The thread's connection closed first, so the writer's close was the last one: WAL copied and removed.
    expect(existsSync(`${file}-wal`)).toBe(false);
    const again = openCache(file);
    try {
      expect(again.db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(offlineSearch(again).count({ text: 'поставка' }).count).toBeGreaterThanOrEqual(1000);
      expect(again.db.prepare('SELECT count(*) FROM tender').pluck().get()).toBe(1 + pages * 100);
    } finally {
      again.close();
    }
  }, 120_000);

  it('the WAL stays bounded: past the catch-up mark the writer lets the checkpoint finish and the WAL starts over', () => {
    const cache = tempCache();
    const { db, file } = cache;
    db.exec('CREATE TABLE filler (x BLOB)');
    const upkeep = createWriteUpkeep(db, { catchUpFrames: 3000 });
    const fill = db.prepare('INSERT INTO filler VALUES (randomblob(3500))');
    const page = db.transaction(() => {
      for (let i = 0; i < 20; i++) fill.run();
    });
    let walMax = 0;
    try {
      for (let p = 0; p < 800; p++) {
        page();
        upkeep.committed(0);
        walMax = Math.max(walMax, statSync(`${file}-wal`).size);
      }
      expect(upkeep.checkpointsOnThread()).toBe(true);
      // 16,000 rows of a page each went through the WAL (~66 MB); it never held much more than the mark
      // (3,000 frames), whether the thread answered in time or not (the writer reckons the frames too).
      expect(walMax).toBeLessThan(4500 * 4120);
      expect(db.prepare('SELECT count(*) FROM filler').pluck().get()).toBe(16_000);
    } finally {
      stopWriteUpkeep(db);
    }
  });

  it('a catch-up that could not copy the whole WAL (a reader held it back, or the thread was still busy) is tried again at the next commit', () => {
    const cache = tempCache();
    const { db, file } = cache;
    db.exec('CREATE TABLE filler (x BLOB)');
    // A thread that never checkpoints: every copy is the writer's catch-up, so what the catch-up does is all there is.
    const quietThread: BackgroundCheckpointer = {
      idle: () => true,
      request: () => true,
      takeResult: () => null,
      waitIdle: () => true,
      failed: () => false,
      stop: () => {},
    };
    const upkeep = createWriteUpkeep(db, { catchUpFrames: 600, startCheckpointer: () => quietThread });
    const fill = db.prepare('INSERT INTO filler VALUES (randomblob(3500))');
    const page = (): void => {
      db.transaction(() => {
        for (let i = 0; i < 20; i++) fill.run();
      })();
      upkeep.committed(0);
    };
    try {
      for (let p = 0; p < 100 && !upkeep.checkpointsOnThread(); p++) page();
      expect(upkeep.checkpointsOnThread()).toBe(true);
      // A reader's snapshot keeps the catch-up from copying the frames written after it.
      const reader = new Database(file, { readonly: true });
      reader.prepare('BEGIN').run();
      reader.prepare('SELECT count(*) FROM filler').get();
      for (let p = 0; p < 60; p++) page(); // ~1,260 frames: past the mark of 600, the catch-up falls short
      reader.prepare('COMMIT').run();
      reader.close();
      page(); // the first commit after: its catch-up copies everything now
      const walAfterCatchUp = statSync(`${file}-wal`).size;
      for (let p = 0; p < 25; p++) page(); // ~525 frames, written from the WAL's start over again
      expect(statSync(`${file}-wal`).size).toBe(walAfterCatchUp);
    } finally {
      stopWriteUpkeep(db);
    }
  });

  it('a thread checkpoint that copied everything restarts the WAL: the next answer counts all its frames as new, and the WAL stays bounded', () => {
    const cache = tempCache();
    const { db, file } = cache;
    db.exec('CREATE TABLE filler (x BLOB)');
    // A thread that checkpoints the moment it is asked (an idle disk): each copy is complete, so the WAL starts
    // over at the next transaction and the next answer's frames are all new ones, not growth over the last.
    const other = new Database(file);
    let answer: CheckpointResult | null = null;
    const promptThread: BackgroundCheckpointer = {
      idle: () => true,
      request: () => {
        const [r] = other.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
        answer = { log: r!.log, checkpointed: r!.checkpointed, ms: 1 };
        return true;
      },
      takeResult: () => {
        const taken = answer;
        answer = null;
        return taken;
      },
      waitIdle: () => true,
      failed: () => false,
      stop: () => {},
    };
    const upkeep = createWriteUpkeep(db, { catchUpFrames: 3000, startCheckpointer: () => promptThread });
    const fill = db.prepare('INSERT INTO filler VALUES (randomblob(3500))');
    let walMax = 0;
    try {
      for (let p = 0; p < 800; p++) {
        db.transaction(() => {
          for (let i = 0; i < 20; i++) fill.run();
        })();
        upkeep.committed(0);
        walMax = Math.max(walMax, statSync(`${file}-wal`).size);
      }
      expect(upkeep.checkpointsOnThread()).toBe(true);
      // About 1,000 frames between checkpoints (CHECKPOINT_FRAMES), as with inline ones; counting only the growth
      // over the last answer took a commit for ~1 frame (it writes ~21) and let the WAL reach the catch-up mark.
      expect(walMax).toBeLessThan(1500 * 4120);
    } finally {
      stopWriteUpkeep(db);
      other.close();
    }
  });

  it('a thread that cannot open the file says so, and the writer goes on checkpointing inline', () => {
    const t = startBackgroundCheckpointer(join(tempDir(), 'missing.db'));
    expect(t.waitIdle(10_000)).toBe(true);
    expect(t.failed()).toBe(true);
    expect(t.request()).toBe(false);
    expect(t.takeResult()).toBeNull();
    t.stop();
  });

  it('asks only when idle and reports what the checkpoint copied', () => {
    const cache = tempCache();
    cache.db.pragma('wal_autocheckpoint = 0');
    cache.db.exec('CREATE TABLE filler (x BLOB)');
    const fill = cache.db.prepare('INSERT INTO filler VALUES (randomblob(3000))');
    for (let i = 0; i < 500; i++) fill.run();
    const t = startBackgroundCheckpointer(cache.file);
    try {
      expect(t.request()).toBe(true);
      expect(t.waitIdle(10_000)).toBe(true);
      const result = t.takeResult();
      expect(result).not.toBeNull();
      expect(result!.log).toBeGreaterThanOrEqual(500);
      expect(result!.checkpointed).toBe(result!.log);
      expect(t.takeResult()).toBeNull(); // taken once
      expect(t.failed()).toBe(false);
    } finally {
      t.stop();
    }
  });
});
