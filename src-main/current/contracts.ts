/**
 * Contract sets of the current generation: a set of the Contracts view or of `tenderwb contracts` becomes the
 * contract QUERY of reference 4.7 (a customer is the ordinary `customer.inn` criterion; a supplier alone is a
 * supplier subscription; a list, tender ids or a saved filter name the set directly), checked before anything
 * is sent or charged; its feed is read into the cache (the job runner's, current/feedRuns.ts), and rows are
 * filtered there.
 */
import type { CacheDb } from '../cache/database';
import { viewQueries } from '../cache/viewQueries';
import type { ContractRow, ContractSet } from '../contract/ipc';
import { appError } from '../domain/appError';
import { checkQueryCriteria, criteriaProblemsText } from '../domain/queryCriteriaCheck';
import { contractRow } from './rows';

/** The body of a set, checked as every entry point checks it, before anything is sent or charged. */
export function checkedContractBody(set: ContractSet): Record<string, unknown> {
  const body = contractQueryBody(set);
  const problems = checkQueryCriteria(body);
  if (problems.length) throw appError('invalid_input', criteriaProblemsText(problems, 'ru'), criteriaProblemsText(problems, 'en'));
  return body;
}

/** The QUERY body of a contract set (reference 4.7: one way per request). */
function contractQueryBody(set: ContractSet): Record<string, unknown> {
  switch (set.by) {
    case 'customer':
      return { customer: { inn: set.inn } };
    case 'supplier': {
      if (!set.inn?.length && !set.name) {
        throw appError('invalid_input', 'Укажите ИНН или название поставщика.', "Give the supplier's INN or name.");
      }
      return { supplier: { ...(set.inn?.length ? { inn: set.inn } : {}), ...(set.name ? { name: set.name } : {}) } };
    }
    case 'list':
      return { list_id: set.listId };
    case 'tenders':
      return { tender_ids: set.tenderIds };
    case 'filter':
      return { filter_id: set.filterId };
  }
}

/** A supplier subscription's key: its INNs and name as the view sends them both to the query and to the rows. */
function supplierKey(inn: readonly string[] | undefined, name: string | undefined): string {
  return `supplier:${[...(inn ?? [])].sort().join(',')}|${name ?? ''}`;
}

/** What `contracts.rows` filters by: one customer, a supplier, a list or tender ids. */
export interface ContractRowFilter {
  customerInn?: string | undefined;
  supplierInn?: string | undefined;
  supplierName?: string | undefined;
  listId?: string | undefined;
  tenderIds?: readonly number[] | undefined;
}

/**
 * The key of a set whose contracts a row filter of `contracts.rows` names: one customer, a list, tender ids,
 * or (with none of those) a supplier subscription. The reference promises a contract only `id, suppliers,
 * execution` (2.6a): no customer and no `tender_id`, so the rows of such a set are the contracts its own feed
 * delivered (viaFilters of the view query). A supplier subscription's rows are its feed's members too: the
 * server matches the name by its own rules (case, ё, spaces, whatever it folds), which a local substring
 * match need not reproduce, and a local match gave 0 rows where the API counted hundreds.
 */
function setKey(rows: ContractRowFilter): string | null {
  if (!rows.customerInn && !rows.listId && !rows.tenderIds && (rows.supplierInn || rows.supplierName)) {
    return supplierKey(rows.supplierInn ? [rows.supplierInn] : undefined, rows.supplierName);
  }
  const keys = [
    rows.customerInn ? `customer:${rows.customerInn}` : null,
    rows.listId ? `list:${rows.listId}` : null,
    rows.tenderIds ? `tenders:${[...rows.tenderIds].sort((a, b) => a - b).join(',')}` : null,
  ].filter((k): k is string => k !== null);
  // Two set criteria at once cannot be told apart by membership: each is then matched by the fields alone.
  return keys.length === 1 ? keys[0]! : null;
}

function keyOfSet(set: ContractSet): string | null {
  switch (set.by) {
    case 'customer':
      return set.inn.length === 1 ? setKey({ customerInn: set.inn[0]! }) : null;
    case 'list':
      return setKey({ listId: set.listId });
    case 'tenders':
      return setKey({ tenderIds: set.tenderIds });
    case 'supplier':
      return (set.inn?.length ?? 0) <= 1 ? supplierKey(set.inn, set.name) : null;
    default:
      return null;
  }
}

/** Per cache (profile): the contract filters the server named for each set queried in this run of the app. */
const setFilters = new WeakMap<CacheDb, Map<string, Set<string>>>();

export class ContractUseCases {
  constructor(private readonly deps: { readonly cache: CacheDb }) {}

  /** The server named `filterId` for this set: its rows are then that feed's members (see setKey). */
  rememberSetFilter(set: ContractSet, filterId: string): void {
    const key = keyOfSet(set);
    if (key === null) return;
    const { cache } = this.deps;
    const known = setFilters.get(cache) ?? new Map<string, Set<string>>();
    setFilters.set(cache, known);
    known.set(key, (known.get(key) ?? new Set<string>()).add(filterId));
  }

  /** A page of the contracts held here that the filter names. */
  rows({ customerInn, supplierInn, supplierName, listId, tenderIds }: ContractRowFilter, offset: number, limit: number): { rows: ContractRow[]; count: number } {
    const { cache } = this.deps;
    const key = setKey({ customerInn, listId, tenderIds, supplierInn, supplierName });
    const via = key !== null ? setFilters.get(cache)?.get(key) : undefined;
    // A supplier subscription read in this run: its members, as the server chose them (see setKey).
    const bySubscription = via !== undefined && key !== null && key.startsWith('supplier:');
    const page = viewQueries(cache).contracts(
      {
        ...(customerInn ? { customerInn } : {}),
        ...(supplierInn && !bySubscription ? { supplierInn } : {}),
        ...(supplierName && !bySubscription ? { supplierName } : {}),
        ...(listId ? { listId } : {}),
        ...(tenderIds ? { tenderIds } : {}),
        ...(via ? { viaFilters: [...via] } : {}),
      },
      offset,
      limit,
    );
    return { rows: page.rows.map(contractRow), count: page.count };
  }
}
