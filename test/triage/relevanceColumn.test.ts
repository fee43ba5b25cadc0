/**
 * The relevance column of the saved-search and list tables (app/relevanceRows.ts over
 * triage/relevance.ts): every row of a page carries the model's score, decided tenders too; «Релевантность»
 * sorts the whole set in the core (either way, paged); with too few labels there is no order by relevance and
 * each row's relevance is null, which the column words as «мало отметок» (i18n/triageText.ts, one function for
 * «Разбор», the tables and the CLI). The contract takes the column where the core sorts by it, and only there.
 */
import { describe, expect, it } from 'vitest';
import { listPageByRelevance, searchPageByRelevance, withRelevance } from '../../src-main/app/relevanceRows';
import { listStore } from '../../src-main/cache/listStore';
import { parseArgs } from '../../src-main/contract/ipc';
import { relevanceText } from '../../src-main/i18n/triageText';
import { precisionAt } from '../../src-main/triage/model';
import { rankTenders } from '../../src-main/triage/triage';
import { tempCache } from '../cache/helpers';
import { deliverAll, fixtureTenders, markByRule } from './fixture';

function cacheWith(labelled: number) {
  const cache = tempCache();
  const tenders = fixtureTenders(600);
  deliverAll(cache, tenders);
  markByRule(cache, tenders.slice(0, labelled));
  return { cache, tenders };
}

describe('the relevance column of the saved-search and list tables', () => {
  it('sorts a saved search’s whole set by the model, in pages, either way; each row carries the score «Разбор» gives', () => {
    const { cache, tenders } = cacheWith(400);
    const truth = new Map(tenders.map((t) => [t.id, t.interesting]));
    const pages = [0, 100, 200, 300, 400, 500].flatMap((offset) => searchPageByRelevance(cache, 'flt_triage', 'desc', offset, 100, undefined, {})!);
    expect(pages.map((r) => r.id).sort((a, b) => a - b)).toEqual(tenders.map((t) => t.id));
    const scored = withRelevance(cache, pages, {});
    const scores = scored.map((r) => r.relevance!);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // The rule's tenders come first: the top 20 are well above the base rate of about 6 %.
    expect(precisionAt(scored.map((r) => ({ score: r.relevance!, positive: truth.get(r.id)! })), 20)!).toBeGreaterThanOrEqual(0.9);
    // The same score as the ranking of «Разбор» for an undecided tender.
    const ranked = rankTenders(cache, 'all');
    const one = ranked.tenders[7]!;
    expect(scored.find((r) => r.id === one.id)!.relevance).toBe(one.score);
    const ascending = searchPageByRelevance(cache, 'flt_triage', 'asc', 0, 600, undefined, {})!;
    const ascScores = withRelevance(cache, ascending, {}).map((r) => r.relevance!);
    expect(ascScores).toEqual([...scores].reverse());
    expect(withRelevance(cache, ascending.slice(0, 1), {})[0]!.relevance).toBe(Math.min(...scores));
    // The marks filter's tenders only.
    const only = tenders.slice(100, 120).map((t) => t.id);
    expect(searchPageByRelevance(cache, 'flt_triage', 'desc', 0, 100, only, {})!.map((r) => r.id).sort((a, b) => a - b)).toEqual(only);
  });

  it('sorts a list’s members by the model, with their place in the list', () => {
    const { cache, tenders } = cacheWith(400);
    listStore(cache).upsertList({ listId: 'lst_relevance', name: 'Отбор', createdAt: '2026-06-20T10:00:00.000Z' });
    const members = tenders.slice(400, 460).map((t) => t.id);
    listStore(cache).setItems('lst_relevance', members);
    const page = listPageByRelevance(cache, 'lst_relevance', 'desc', 0, 100, undefined, {})!;
    expect(page.map((r) => r.id).sort((a, b) => a - b)).toEqual(members);
    expect(page.every((r) => r.listPosition === members.indexOf(r.id) + 1)).toBe(true);
    const scores = withRelevance(cache, page, {}).map((r) => r.relevance!);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('with too few labels there is no order by relevance, and each row says more labels are needed', () => {
    const { cache } = cacheWith(20);
    expect(searchPageByRelevance(cache, 'flt_triage', 'desc', 0, 100, undefined, {})).toBeNull();
    const rows = withRelevance(cache, [{ id: 1 }, { id: 2 }], {});
    expect(rows.map((r) => r.relevance)).toEqual([null, null]);
    expect(relevanceText(null, 'ru')).toBe('мало отметок');
    expect(relevanceText(null, 'en')).toBe('too few labels');
    expect(relevanceText(0.874, 'ru')).toBe('87 %');
  });

  it('where scoring fails (a triage table the cache cannot use) the rows still come, without a relevance, in the table’s own order', () => {
    const { cache } = cacheWith(400);
    cache.db.exec('DROP TABLE triage_features');
    expect(withRelevance(cache, [{ id: 1 }, { id: 2 }], {})).toEqual([{ id: 1 }, { id: 2 }]);
    expect(searchPageByRelevance(cache, 'flt_triage', 'desc', 0, 10, undefined, {})).toBeNull();
  });

  it('the contract takes «relevance» where the core sorts by it (results, members), not for an export', () => {
    const sort = { column: 'relevance', direction: 'desc' };
    expect(parseArgs('search.results', { filterId: 'flt_triage', sort }, 'ru').ok).toBe(true);
    expect(parseArgs('lists.members', { listId: 'lst_relevance', sort }, 'ru').ok).toBe(true);
    expect(parseArgs('search.export', { filterId: 'flt_triage', sort, columns: ['name'] }, 'ru').ok).toBe(false);
    expect(parseArgs('search.export', { filterId: 'flt_triage', sort: { column: 'price', direction: 'desc' }, columns: ['name'] }, 'ru').ok).toBe(true);
  });
});
