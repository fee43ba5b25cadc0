/**
 * The sets of tenders an insight is asked about, read from the cache: a saved search's or a list's members
 * (named for the answer, `not_found` when the cache does not know the scope), the set's contracts, and the
 * cached tenders a set of contracts names. Shared by the competitors answer and the red flags (one rule).
 */
import type { CacheDb } from '../cache/database';
import { contractFactsByIds, contractFactsByTenderIds, contractIdsOfSavedSearch, tenderFactsByIds, tenderIdsOfList, tenderIdsOfSavedSearch } from '../cache/insightStore';
import { listStore } from '../cache/listStore';
import { searchStore } from '../cache/searchStore';
import { appError } from '../domain/appError';
import type { ContractFact, TenderFact } from '../domain/insights';
import { savedSearchNameOf } from '../i18n/criteriaSummary';
import type { Locale } from '../i18n/text';

export type TenderSetScope = { kind: 'search'; filterId: string } | { kind: 'list'; listId: string };

export interface TenderSet {
  named: { kind: 'search' | 'list'; id: string; name: string };
  ids: number[];
}

/** `locale`: the language of an unnamed saved search's name (its criteria in words, i18n/criteriaSummary.ts). */
export function tenderSetOf(cache: CacheDb, scope: TenderSetScope, locale: Locale = 'ru'): TenderSet {
  if (scope.kind === 'search') {
    const search = searchStore(cache).get(scope.filterId);
    if (search === undefined) throw appError('not_found', `Сохранённого поиска ${scope.filterId} нет в кэше.`, `There is no saved search ${scope.filterId} in the cache.`);
    // Named as every surface names a saved search: its label, else its criteria in words, never its filter id.
    return { named: { kind: 'search', id: scope.filterId, name: savedSearchNameOf(search, locale) }, ids: tenderIdsOfSavedSearch(cache, scope.filterId) };
  }
  const list = listStore(cache).getList(scope.listId);
  if (list === undefined) throw appError('not_found', `Списка ${scope.listId} нет в кэше.`, `There is no list ${scope.listId} in the cache.`);
  return { named: { kind: 'list', id: scope.listId, name: list.name }, ids: tenderIdsOfList(cache, scope.listId) };
}

/**
 * The contracts of a set: those whose tender is a member (`tender_id`), and, for a saved search, every contract
 * its own contract feed delivered (filter_member kind 2): the reference promises a contract only `id, suppliers,
 * execution`, no tender link (D-Q-16), so a strict server's contracts are tied to the search by that feed alone.
 * A list's contract feed is named by the server per session (not kept in the cache): its contracts are those
 * that name a member tender. `delivered` are the feed's contracts (counted whether or not they name a tender).
 */
export function contractsOfSet(cache: CacheDb, scope: TenderSetScope, set: TenderSet): { linked: ContractFact[]; delivered: ContractFact[] } {
  const linked = contractFactsByTenderIds(cache, set.ids);
  if (scope.kind !== 'search') return { linked, delivered: [] };
  const held = new Set(linked.map((c) => c.id));
  const fed = contractIdsOfSavedSearch(cache, scope.filterId).filter((id) => !held.has(id));
  return { linked, delivered: fed.length === 0 ? [] : contractFactsByIds(cache, fed) };
}

/** The cached tenders of these contracts, by id; `known` are tenders already read (not read twice). */
export function tendersOfContracts(cache: CacheDb, contracts: readonly ContractFact[], known: readonly TenderFact[] = []): Map<number, TenderFact> {
  const byId = new Map(known.map((t) => [t.id, t]));
  const missing = [...new Set(contracts.map((c) => c.tender_id).filter((id): id is number => id !== null && !byId.has(id)))];
  for (const t of missing.length === 0 ? [] : tenderFactsByIds(cache, missing)) byId.set(t.id, t);
  return byId;
}
