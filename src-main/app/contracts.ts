/**
 * contracts.*: a contract set (current/contracts.ts) read into the cache as a job and its rows from there.
 */
import type { Handlers } from '../contract/ipc';
import { customerSetOf } from '../current/backfill';
import { checkedContractBody } from '../current/contracts';
import { setName } from '../current/filterNames';
import type { AppContext } from './context';

type ContractHandlers = Pick<Handlers, 'contracts.query' | 'contracts.preview' | 'contracts.rows'>;

export function contractHandlers(ctx: AppContext): ContractHandlers {
  const contracts = () => ctx.workbench().contracts;
  return {
    'contracts.query': async ({ set, maxSpend, confirmCost }) => {
      // The checks the Contracts view and the CLI run, again here before anything is charged (any caller).
      const body = checkedContractBody(set);
      // A one-customer set is a customer's backfill: its contracts are attributed to it after the job.
      const customer = customerSetOf(body);
      const { filterId, jobId } = await ctx.currentWorkbench().feedJob('contract', body, {
        // Named as its ledger rows will be («Контракты поставщика «…»»), not «поиск без названия».
        label: setName(ctx.workbench().cache, 'contract', body, ctx.locale),
        ...(maxSpend !== undefined ? { maxSpend } : {}),
        ...(confirmCost !== undefined ? { confirmCost } : {}),
        ...(customer ? { backfill: customer } : {}),
      });
      contracts().rememberSetFilter(set, filterId);
      return { filterId, jobId };
    },

    'contracts.preview': async ({ set, maxSpend }) => {
      const { filterId, charged, spend } = await ctx.currentWorkbench().feedEstimate('contract', checkedContractBody(set), maxSpend);
      // `held`: members of this set's feed held here (the preview's own first contract among them).
      return { filterId, total: spend.total, charged, held: spend.held, costUpTo: spend.total, spend };
    },

    'contracts.rows': async ({ offset, limit, ...filter }) => contracts().rows(filter, offset, limit),
  };
}
