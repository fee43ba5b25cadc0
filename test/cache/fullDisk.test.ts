/**
 * A full disk silently emptied the cache. The open check compared the header's page count
 * with the main file and ignored the WAL, so a healthy cache whose checkpoint the full disk had cut short was
 * called «truncated», moved aside, and its note written as 0 bytes (ENOSPC); the next command then started an
 * empty cache. Here the disk really fills (a tmpfs of a few MB, test/cache/smallDisk.ts): nothing is judged
 * damaged while the WAL may hold the rest, a full disk is said as such (never as damage nor as a read-only
 * folder), and a damaged file whose note cannot be written is not moved.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openProfileCache } from '../../src-main/workspace/damagedCaches';
import { toIpcError } from '../../src-main/workspace/errors';
import { openCache } from '../../src-main/cache/database';
import { DamagedCacheError } from '../../src-main/cache/damage';
import { feedStore } from '../../src-main/cache/feedStore';
import { markStore } from '../../src-main/cache/markStore';
import { diskFullText } from '../../src-main/domain/fileSystemErrors';
import { mountSmallDisk, unmountSmallDisks } from './smallDisk';
import { tender, tenderItem, tenderPage } from './helpers';

afterAll(() => unmountSmallDisks());

const HEADER_PAGES = 28;
const PAGE_SIZE = 4096;

/** A page of 100 new tenders with text that does not compress away, so the disk fills in a few pages. */
const page = (n: number) =>
  tenderPage(Array.from({ length: 100 }, (_, i) => tenderItem(tender(n * 100 + i + 1, 1, { name: `Поставка ${n}-${i} ${(n * 100 + i).toString(36).repeat(40)}`, description: `${i} ${'ё'.repeat(200)}${n}` }))));

/** Stores pages until the disk is full; answers how many were stored and the error of the one that was not. */
function fillWithPages(file: string): { stored: number; error: unknown } {
  const cache = openCache(file);
  markStore(cache).apply({ tender_ids: [1], add_tags: ['важно'], note: 'позвонить заказчику' });
  let stored = 0;
  try {
    for (;;) {
      feedStore(cache).saveFeedPage(page(stored));
      stored++;
    }
  } catch (error) {
    return { stored, error };
  } finally {
    cache.close(); // its checkpoint meets the full disk too: the WAL keeps what the file could not take
  }
}

const headerSaysBytes = (file: string): number => readFileSync(file).readUInt32BE(HEADER_PAGES) * PAGE_SIZE;
const tendersIn = (file: string): number => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT count(*) FROM tender').pluck().get() as number;
  } finally {
    db.close();
  }
};

describe('a full disk', () => {
  it('a cache whose checkpoint the full disk cut short (header beyond the file, the rest in the WAL) opens whole: nothing is moved aside', () => {
    const disk = mountSmallDisk(6);
    const dir = join(disk.dir, 'profile');
    const file = join(dir, 'cache.db');
    openProfileCache(dir).close();
    disk.fill(disk.free() - 1024 * 1024); // 1 MB of filler, given back once the pages have filled the rest
    const { stored, error } = fillWithPages(file);
    expect(stored).toBeGreaterThan(3);
    // The store's own failure is the disk's, said as such in the user's language.
    expect(toIpcError(error, 'ru')).toMatchObject({ code: 'disk_full', message: diskFullText().ru });
    // The state of the issue: the header counts pages the file does not have; they are in the WAL.
    expect(headerSaysBytes(file)).toBeGreaterThan(statSync(file).size);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(PAGE_SIZE);
    expect(disk.free()).toBe(0);

    // Still full: opened, every stored tender and the mark there, nothing moved, no note.
    const cache = openProfileCache(dir);
    try {
      expect(cache.db.prepare('SELECT count(*) FROM tender').pluck().get()).toBe(stored * 100);
      expect(markStore(cache).marksFor([1]).get(1)?.notes.map((n) => n.text)).toEqual(['позвонить заказчику']);
    } finally {
      cache.close();
    }
    expect(readdirSync(dir).filter((f) => !f.startsWith('cache.db-'))).toEqual(['cache.db']);

    // Room again: the checkpoint completes and the file is whole on its own.
    disk.unfill();
    openProfileCache(dir).close();
    expect(tendersIn(file)).toBe(stored * 100);
  });

  it('opening a cache on a full disk says the disk is full: not damaged, not read-only, the file untouched', () => {
    const disk = mountSmallDisk(3);
    const dir = join(disk.dir, 'profile');
    const cache = openProfileCache(dir);
    feedStore(cache).saveFeedPage(page(0));
    cache.close(); // checkpointed, the -wal and -shm removed: the next open must make them again
    const before = readFileSync(join(dir, 'cache.db'));
    disk.fill();

    const opened = (): unknown => {
      try {
        openProfileCache(dir).close();
        return null;
      } catch (e) {
        return e;
      }
    };
    const e = opened();
    expect(e).not.toBeInstanceOf(DamagedCacheError);
    expect(toIpcError(e, 'ru')).toEqual({ code: 'disk_full', message: diskFullText(dir).ru, requestId: null });
    expect(toIpcError(e, 'en').message).toBe(diskFullText(dir).en);
    expect(readFileSync(join(dir, 'cache.db')).equals(before)).toBe(true);
    expect(readdirSync(dir).filter((f) => /damaged/.test(f))).toEqual([]);

    // A new cache on the full disk is not made, and says why the same way.
    const fresh = join(disk.dir, 'fresh');
    let made: unknown = null;
    try {
      openProfileCache(fresh).close();
    } catch (err) {
      made = err;
    }
    expect(toIpcError(made, 'ru')).toMatchObject({ code: 'disk_full' });
    expect(existsSync(join(fresh, 'cache.db'))).toBe(false);

    disk.unfill();
    const again = openProfileCache(dir);
    expect(again.db.prepare('SELECT count(*) FROM tender').pluck().get()).toBe(100);
    again.close();
  });

  it('a damaged cache on a disk with no room for its note stays in place: no empty note, nothing moved', () => {
    const disk = mountSmallDisk(2);
    const dir = join(disk.dir, 'profile');
    openProfileCache(dir).close();
    const file = join(dir, 'cache.db');
    writeFileSync(file, Buffer.alloc(statSync(file).size, 0x5a)); // overwritten: damage, whatever the disk
    const before = readFileSync(file);
    disk.fill();

    let refused: unknown = null;
    try {
      openProfileCache(dir).close();
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(DamagedCacheError);
    const damaged = refused as DamagedCacheError;
    expect(damaged.movedTo).toBeNull();
    expect(damaged.text.ru).toContain('нет места для записки');
    expect(readFileSync(file).equals(before)).toBe(true);
    // No note of 0 bytes and no file moved aside: the next open finds the same file, not an empty profile.
    expect(readdirSync(dir).sort()).toEqual(['cache.db']);

    // With room, the same damage is moved aside with a whole note.
    disk.unfill();
    try {
      openProfileCache(dir).close();
    } catch (e) {
      refused = e;
    }
    const moved = (refused as DamagedCacheError).movedTo!;
    expect(moved).toMatch(/cache\.db\.damaged-\d{8}T\d{6}Z$/);
    expect(JSON.parse(readFileSync(join(dir, 'damaged-cache.json'), 'utf8'))).toMatchObject({ file, movedTo: moved, reason: 'not_sqlite' });
    expect(readFileSync(moved).equals(before)).toBe(true);
  });
});
