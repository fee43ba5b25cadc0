/**
 * «в документах», from the review of cache/documentSearch.ts: a word with ё or ending in -ый/-ий finds
 * its other forms as the index holds them (the index keeps й and ё: the stem was cut from a word folded first,
 * «зеленыи», and lost only its и, and a query folded to е missed a document's ё), a phrase written with ё in a
 * document is found, and
 * two different documents of one tender under the same name (each amendment's «Изменения в извещение») are two
 * hits, while the same bytes listed twice by a tender are one.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import { documentSearch } from '../../src-main/cache/documentSearch';
import { documentStore } from '../../src-main/cache/documentStore';

let dir: string;
let cache: CacheDb;
const AT = '2026-11-20T09:00:00Z';

function hold(tenderId: number, ordinal: number, url: string, name: string, body: string): void {
  const docs = documentStore(cache);
  const sha256 = createHash('sha256').update(body).digest('hex');
  docs.recordStored(url, sha256, body.length, AT);
  docs.recordRef({ tenderId, version: 1, ordinal, url, name, extension: 'pdf' });
  if (!docs.textOf(sha256)) docs.saveText({ sha256, state: 'text', format: 'pdf', text: body, reason: null, members: [], extractedAt: AT });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tenderwb-docsearch-'));
  cache = openCache(join(dir, 'cache.db'));
  hold(1, 1, 'http://d/1', 'Техническое задание', 'Краска фасадная зелёного цвета, ёмкость 10 л.');
  hold(2, 1, 'http://d/2a', 'Изменения в извещение', 'Изменён срок поставки краски: 20 дней.');
  hold(2, 2, 'http://d/2b', 'Изменения в извещение', 'Изменено количество краски: 45 вёдер.');
  // The same bytes under two addresses of one tender: one hit.
  hold(3, 1, 'http://d/3a', 'Проект контракта', 'Поставка краски по заявке заказчика.');
  hold(3, 2, 'http://d/3b', 'Проект контракта (копия)', 'Поставка краски по заявке заказчика.');
});
afterAll(() => {
  cache?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('«в документах»', () => {
  it('a word with ё or an adjective in -ый finds the other forms of its stem, as one with е does', () => {
    for (const word of ['зелёная', 'зеленая', 'ЗЕЛЁНЫЙ', 'зеленый', 'фасадный']) expect(documentSearch(cache).search({ text: word }).map((h) => h.tenderId)).toEqual([1]);
    expect(documentSearch(cache).search({ text: 'ёмкостью' }).map((h) => h.tenderId)).toEqual([1]);
  });

  it('a phrase or a short word finds the documents that write it with ё, typed with ё or е (the query is folded to е)', () => {
    for (const phrase of ['"зелёного цвета"', '"зеленого цвета"', '"ЕМКОСТЬ 10"']) expect(documentSearch(cache).search({ text: phrase }).map((h) => h.tenderId)).toEqual([1]);
    expect(documentSearch(cache).search({ text: '"45 ведер"' }).map((h) => h.tenderId)).toEqual([2]);
    expect(documentSearch(cache).search({ text: '"зеленого чая"' })).toEqual([]);
  });

  it('two documents of a tender under the same name are two hits; the same bytes listed twice are one', () => {
    const hits = documentSearch(cache).search({ text: 'краски' });
    expect(hits.filter((h) => h.tenderId === 2).map((h) => h.url).sort()).toEqual(['http://d/2a', 'http://d/2b']);
    expect(hits.filter((h) => h.tenderId === 3)).toHaveLength(1);
  });

  it('a hit’s snippet marks the query’s words in the forms the document writes, not its minus words', () => {
    const [hit] = documentSearch(cache).search({ text: 'зеленый -лак' });
    expect(hit?.snippet).toBe('Краска фасадная [зелёного] цвета, ёмкость 10 л.');
    const [inPhrase] = documentSearch(cache).search({ text: '"срок поставки" -ведро' });
    // A phrase is one span, as FTS5's snippet() marks it; so is a number the tokenizer splits.
    expect(inPhrase?.snippet).toBe('Изменён [срок поставки] краски: 20 дней.');
    expect(documentSearch(cache).search({ text: '"10 л"' })[0]?.snippet).toBe('…зелёного цвета, ёмкость [10 л].');
  });
});
