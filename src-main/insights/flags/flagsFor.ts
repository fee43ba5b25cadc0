/**
 * The red flags of a scope, read from the cache's insight store and judged by the engine: a customer's
 * tenders and contracts, a supplier's contracts and their tenders, a saved search's or list's tenders and
 * their contracts, or everything the cache holds. The analyst's dismissals are applied; the single-supplier
 * share of each customer in the scope is compared with every customer of the cache.
 */
import type { CacheDb } from '../../cache/database';
import type { Locale } from '../../i18n/text';
import {
  allContractFacts,
  allTenderFacts,
  contractFactsByCustomer,
  contractFactsBySupplier,
  contractPriceSteps,
  customerPlacementCounts,
  dismissedFlags,
  partyName,
  tenderFactsByCustomer,
  tenderFactsByIds,
} from '../../cache/insightStore';
import type { ContractFact, FlagsAnswer, PartyRef, TenderFact } from '../../domain/insights';
import { contractsOfSet, tenderSetOf, tendersOfContracts } from '../scopes';
import { computeFlags } from './engine';

export type FlagScope =
  | { kind: 'customer'; inn: string }
  | { kind: 'supplier'; inn: string }
  | { kind: 'search'; filterId: string }
  | { kind: 'list'; listId: string }
  | { kind: 'all' };

interface ScopeFacts {
  scope: FlagsAnswer['scope'];
  tenders: TenderFact[];
  contracts: ContractFact[];
  tendersById: Map<number, TenderFact>;
}

function scopeFacts(cache: CacheDb, scope: FlagScope, locale: Locale): ScopeFacts {
  switch (scope.kind) {
    case 'customer': {
      const tenders = tenderFactsByCustomer(cache, scope.inn);
      const contracts = contractFactsByCustomer(cache, scope.inn);
      const named = { kind: scope.kind, id: scope.inn, name: partyName(cache, scope.inn) };
      return { scope: named, tenders, contracts, tendersById: tendersOfContracts(cache, contracts, tenders) };
    }
    case 'supplier': {
      const contracts = contractFactsBySupplier(cache, scope.inn);
      const tendersById = tendersOfContracts(cache, contracts);
      const named = { kind: scope.kind, id: scope.inn, name: partyName(cache, scope.inn) };
      return { scope: named, tenders: [...tendersById.values()], contracts, tendersById };
    }
    case 'search':
    case 'list': {
      const set = tenderSetOf(cache, scope, locale);
      const tenders = tenderFactsByIds(cache, set.ids);
      const { linked, delivered } = contractsOfSet(cache, scope, set);
      const contracts = [...linked, ...delivered];
      return { scope: set.named, tenders, contracts, tendersById: tendersOfContracts(cache, contracts, tenders) };
    }
    case 'all': {
      const tenders = allTenderFacts(cache);
      return { scope: { kind: 'all', id: null, name: null }, tenders, contracts: allContractFacts(cache), tendersById: new Map(tenders.map((t) => [t.id, t])) };
    }
  }
}

/** The customers of the scope's tenders and contracts, each once, with the first name the facts give. */
function customersOf(tenders: readonly TenderFact[], contracts: readonly ContractFact[]): PartyRef[] {
  const out = new Map<string, PartyRef>();
  for (const { customer_inn: inn, customer_name: name } of [...tenders, ...contracts]) {
    if (inn === null) continue;
    const known = out.get(inn);
    if (!known) out.set(inn, { inn, name });
    else known.name ??= name;
  }
  return [...out.values()];
}

/** `locale`: the language of an unnamed saved search's name. */
export function flagsFor(cache: CacheDb, scope: FlagScope, locale: Locale = 'ru'): FlagsAnswer {
  const facts = scopeFacts(cache, scope, locale);
  const customers = customersOf(facts.tenders, facts.contracts);
  const { flags, gaps, checked } = computeFlags(
    {
      tenders: facts.tenders,
      contracts: facts.contracts,
      tendersById: facts.tendersById,
      priceSteps: contractPriceSteps(
        cache,
        facts.contracts.map((c) => c.id),
      ),
      customers,
      // The peers are the whole cache's customers; read only when someone in the scope needs them.
      placementCounts: customers.length === 0 ? [] : customerPlacementCounts(cache),
    },
    dismissedFlags(cache),
  );
  return { scope: facts.scope, flags, gaps, checked };
}
