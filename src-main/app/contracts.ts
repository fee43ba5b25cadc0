/**
 * contracts.*: a set of the Contracts view becomes the contract QUERY of reference 4.7 (a customer is the
 * ordinary `customer.inn` criterion; a supplier alone is a supplier subscription; a list, tender ids or a
 * saved filter name the set directly); its feed is read into the cache, and rows are filtered there.
 */
import type { ContractSet, Handlers } from '../contract/ipc';
import { viewQueries } from '../cache/viewQueries';
import type { AppContext } from './context';
import { appError } from './errors';
import { contractRow } from './rows';

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

export function contractHandlers(ctx: AppContext): ContractHandlers {
  return {
    'contracts.query': async ({ set, maxSpend }) => {
      const { filterId, jobId } = await ctx.contractsJob(contractQueryBody(set), maxSpend);
      return { filterId, jobId };
    },

    'contracts.rows': async ({ customerInn, supplierInn, supplierName, listId, tenderIds, offset, limit }) => {
      const session = ctx.session();
      const views = viewQueries(session.cache);
      const page = views.contracts(
        {
          ...(customerInn ? { customerInn } : {}),
          ...(supplierInn ? { supplierInn } : {}),
          ...(supplierName ? { supplierName } : {}),
          ...(listId ? { listId } : {}),
          ...(tenderIds ? { tenderIds } : {}),
        },
        offset,
        limit,
      );
      return { rows: page.rows.map(contractRow), count: page.count };
    },
  };
}
