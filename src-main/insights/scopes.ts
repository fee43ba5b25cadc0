/**
 * The sets of tenders an insight is asked about, read from the cache: a saved search's or a list's members
 * (named for the answer, `not_found` when the cache does not know the scope), and the cached tenders a set of
 * contracts names. Shared by the competitors answer and the red flags.
 */
import type { CacheDb } from '../cache/database';
import { tenderFactsByIds, tenderIdsOfList, tenderIdsOfSavedSearch } from '../cache/insightStore';
import { listStore } from '../cache/listStore';
import { searchStore } from '../cache/searchStore';
import { appError } from '../domain/appError';
import type { ContractFact, TenderFact } from '../domain/insights';

export type TenderSetScope = { kind: 'search'; filterId: string } | { kind: 'list'; listId: string };

export interface TenderSet {
  named: { kind: 'search' | 'list'; id: string; name: string };
  ids: number[];
}

export function tenderSetOf(cache: CacheDb, scope: TenderSetScope): TenderSet {
  if (scope.kind === 'search') {
    const search = searchStore(cache).get(scope.filterId);
    if (search === undefined) throw appError('not_found', `Сохранённого поиска ${scope.filterId} нет в кэше.`, `There is no saved search ${scope.filterId} in the cache.`);
    return { named: { kind: 'search', id: scope.filterId, name: search.label ?? scope.filterId }, ids: tenderIdsOfSavedSearch(cache, scope.filterId) };
  }
  const list = listStore(cache).getList(scope.listId);
  if (list === undefined) throw appError('not_found', `Списка ${scope.listId} нет в кэше.`, `There is no list ${scope.listId} in the cache.`);
  return { named: { kind: 'list', id: scope.listId, name: list.name }, ids: tenderIdsOfList(cache, scope.listId) };
}

/** The cached tenders of these contracts, by id; `known` are tenders already read (not read twice). */
export function tendersOfContracts(cache: CacheDb, contracts: readonly ContractFact[], known: readonly TenderFact[] = []): Map<number, TenderFact> {
  const byId = new Map(known.map((t) => [t.id, t]));
  const missing = [...new Set(contracts.map((c) => c.tender_id).filter((id): id is number => id !== null && !byId.has(id)))];
  for (const t of missing.length === 0 ? [] : tenderFactsByIds(cache, missing)) byId.set(t.id, t);
  return byId;
}
