/**
 * contracts.*: a set of the Contracts view becomes the contract QUERY of reference 4.7 (a customer is the
 * ordinary `customer.inn` criterion; a supplier alone is a supplier subscription; a list, tender ids or a
 * saved filter name the set directly); its feed is read into the cache, and rows are filtered there.
 */
import type { ContractSet, Handlers } from '../contract/ipc';
import type { CacheDb } from '../cache/database';
import { viewQueries } from '../cache/viewQueries';
import type { AppContext } from './context';
import { appError } from './errors';
import { contractRow } from './rows';
import { checkQueryCriteria, criteriaProblemsText } from '../domain/queryCriteriaCheck';

type ContractHandlers = Pick<Handlers, 'contracts.query' | 'contracts.rows'>;

/** The QUERY body of a contract set (reference 4.7: one way per request). */
export function contractQueryBody(set: ContractSet): Record<string, unknown> {
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

/**
 * The key of a set whose contracts a row filter of `contracts.rows` names: one customer, a list, tender ids.
 * The reference promises a contract only `id, suppliers, execution` (2.6a): no customer and no `tender_id`,
 * so the rows of such a set are the contracts its own feed delivered (viaFilters of the view query).
 */
function setKey(rows: { customerInn?: string | undefined; listId?: string | undefined; tenderIds?: readonly number[] | undefined }): string | null {
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
    default:
      return null;
  }
}

/** Per cache (profile): the contract filters the server named for each set queried in this run of the app. */
const setFilters = new WeakMap<CacheDb, Map<string, Set<string>>>();

export function contractHandlers(ctx: AppContext): ContractHandlers {
  return {
    'contracts.query': async ({ set, maxSpend }) => {
      const body = contractQueryBody(set);
      // The checks the Contracts view and the CLI run, again here before anything is charged (any caller).
      const problems = checkQueryCriteria(body);
      if (problems.length) throw appError('invalid_input', criteriaProblemsText(problems, 'ru'), criteriaProblemsText(problems, 'en'));
      const { filterId, jobId } = await ctx.contractsJob(body, maxSpend);
      const key = keyOfSet(set);
      if (key !== null) {
        const cache = ctx.session().cache;
        const known = setFilters.get(cache) ?? new Map<string, Set<string>>();
        setFilters.set(cache, known);
        known.set(key, (known.get(key) ?? new Set<string>()).add(filterId));
      }
      return { filterId, jobId };
    },

    'contracts.rows': async ({ customerInn, supplierInn, supplierName, listId, tenderIds, offset, limit }) => {
      const session = ctx.session();
      const views = viewQueries(session.cache);
      const key = setKey({ customerInn, listId, tenderIds });
      const via = key !== null ? setFilters.get(session.cache)?.get(key) : undefined;
      const page = views.contracts(
        {
          ...(customerInn ? { customerInn } : {}),
          ...(supplierInn ? { supplierInn } : {}),
          ...(supplierName ? { supplierName } : {}),
          ...(listId ? { listId } : {}),
          ...(tenderIds ? { tenderIds } : {}),
          ...(via ? { viaFilters: [...via] } : {}),
        },
        offset,
        limit,
      );
      return { rows: page.rows.map(contractRow), count: page.count };
    },
  };
}
