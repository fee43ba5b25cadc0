/**
 * The core's messages follow the user's locale. An offline search with no letters or digits, a bad
 * date, a label taken twice: each reaches the Russian interface in Russian (no English sentence leaks) and the
 * English one in English; an internal cache refusal is a plain sentence in either language, never the core's
 * English detail.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import { CacheInputError } from '../../src-main/cache/errors';
import { offlineSearch } from '../../src-main/cache/offlineSearch';
import { searchStore } from '../../src-main/cache/searchStore';
import { toIpcError } from '../../src-main/workspace/errors';

const dir = mkdtempSync(join(tmpdir(), 'twb-locale-'));
const cache: CacheDb = openCache(join(dir, 'cache.db'));
afterAll(() => {
  cache.close();
  rmSync(dir, { recursive: true, force: true });
});

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected an error');
}

/** Russian text: Cyrillic, and no run of two Latin words (quoted user input aside). */
const isRussian = (s: string): boolean => /[а-яё]/i.test(s) && !/\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\b/.test(s);

describe('messages of the core in the user locale', () => {
  it('offline search words with no letters or digits: Russian in ru, English in en', () => {
    const e = thrown(() => offlineSearch(cache).search({ text: '!!! ---' }));
    const ru = toIpcError(e, 'ru');
    expect(ru.code).toBe('invalid_input');
    expect(ru.message).not.toContain('The search words hold no letters or digits');
    expect(isRussian(ru.message)).toBe(true);
    expect(toIpcError(e, 'en').message).toBe('The search words hold no letters or digits.');
  });

  it('a date of an offline search that is not one is named in Russian', () => {
    const e = thrown(() => offlineSearch(cache).search({ publishDate: { from: 'вчера' } }));
    const ru = toIpcError(e, 'ru').message;
    expect(ru).toContain('Дата публикации');
    expect(ru).toContain('вчера');
    expect(isRussian(ru)).toBe(true);
    expect(toIpcError(e, 'en').message).toContain('Publication date');
  });

  it('a label used by another saved search is refused in Russian', () => {
    const store = searchStore(cache);
    store.upsert({ filterId: 'flt_a', params: {}, label: 'Компьютеры', events: ['created'] });
    const e = thrown(() => store.upsert({ filterId: 'flt_b', params: {}, label: 'Компьютеры', events: ['created'] }));
    const ru = toIpcError(e, 'ru').message;
    expect(ru).toContain('«Компьютеры» уже занято');
    expect(isRussian(ru)).toBe(true);
    expect(toIpcError(e, 'en').message).toMatch(/already used by another saved search/);
  });

  it("a cache refusal that is the core's own bug is a plain sentence, not its English detail", () => {
    const e = new CacheInputError('Feed stream must be created, updated or both, got "x".');
    const ru = toIpcError(e, 'ru').message;
    expect(isRussian(ru)).toBe(true);
    expect(ru).not.toContain('Feed stream');
    expect(toIpcError(e, 'en').message).not.toContain('Feed stream');
  });
});

describe('every API error code the Russian interface names has an English sentence too', () => {
  it('no code shown in English where Russian has a sentence', async () => {
    const { ApiError } = await import('../../src-main/api/errors');
    for (const code of ['cursor_expired', 'daily_limit_exceeded', 'license_expired', 'idempotency_key_required', 'method_not_allowed'] as const) {
      const e = new ApiError({ code, status: 400, requestId: null, retryable: false, message: code });
      const en = toIpcError(e, 'en').message;
      expect(en, code).not.toContain(code);
      expect(isRussian(toIpcError(e, 'ru').message), code).toBe(true);
    }
  });
});
