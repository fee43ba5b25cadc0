/**
 * The contracts view's data: the lists (a contract set may be a list's), and the contracts the cache holds
 * for the current filter, page by page; while the view's job reads contracts, new pages are shown as they
 * come and once more when it ends.
 */
import { useCallback } from 'react';
import type { ContractRow, MethodArgs } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { useLoad } from '../../state/useLoad';
import { usePagedRows } from '../../state/usePagedRows';
import { useRefreshWithJob } from '../../state/useRefreshWithJob';

export type RowsFilter = Omit<MethodArgs<'contracts.rows'>, 'offset' | 'limit'>;

export function useContractsData(rows: RowsFilter, jobId: string | null) {
  const epoch = useAppStore((st) => st.epoch);
  const lists = useLoad(() => call('lists.list', {}), `lists-${epoch}`);

  const rowsKey = JSON.stringify(rows) + `|${epoch}`;
  const fetchPage = useCallback((offset: number, limit: number) => call('contracts.rows', { ...rows, offset, limit }), [rows]);
  const paged = usePagedRows<ContractRow>(fetchPage, rowsKey);
  useRefreshWithJob(jobId, paged.refresh);

  return { lists, paged };
}
