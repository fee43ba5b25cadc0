/**
 * The ledger view's data: the balances (the last known figures when offline), the ledger rows page by page,
 * and after the first page came back (new rows pulled) the audit and the spend over `days` (rows and spend
 * name their filters themselves). All read again when a run ends (it has charged), on `refresh`, and when the
 * profile changes. The other generation's charges of the same account are components/useTwinCharges.ts's.
 */
import { useCallback, useEffect, useState } from 'react';
import type { LedgerRowInfo } from '../../../src-main/contract/ipc';
import { call, CallError, subscribe } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { useLoad } from '../../state/useLoad';
import { usePagedRows } from '../../state/usePagedRows';

/** Asks with `refresh` when online; offline (or when the server cannot be reached) falls back to the cache. */
async function withFallback<T>(online: boolean, ask: (refresh: boolean) => Promise<T>): Promise<T> {
  if (!online) return ask(false);
  try {
    return await ask(true);
  } catch (e) {
    if (e instanceof CallError && e.code === 'offline') return ask(false);
    throw e;
  }
}

export function useLedgerData(days: number) {
  const epoch = useAppStore((st) => st.epoch);
  const online = useAppStore((st) => st.online);
  const [nonce, setNonce] = useState(0);
  /** Bumped when the first ledger page came back (new rows pulled): the audit and spend are read after it. */
  const [pulled, setPulled] = useState(0);

  // A run that ends has charged (after a run the ledger showed 0 rows and no audit): the balance, the
  // ledger and then the audit are read again, so they show what the run paid for without a manual refresh.
  useEffect(
    () =>
      subscribe('sync.progress', (job) => {
        if (job.state !== 'running' && job.state !== 'following') setNonce((n) => n + 1);
      }),
    [],
  );

  const balance = useLoad(() => withFallback(online, (refresh) => call('balance.get', { refresh })), `balance-${epoch}-${nonce}`);
  const fetchPage = useCallback(
    async (offset: number, limit: number) => {
      const answer = offset === 0 ? await withFallback(online, (refresh) => call('ledger.list', { refresh, offset, limit })) : await call('ledger.list', { refresh: false, offset, limit });
      if (offset === 0) setPulled((n) => n + 1);
      return answer;
    },
    [online],
  );
  const paged = usePagedRows<LedgerRowInfo>(fetchPage, `ledger-${epoch}-${nonce}`);
  const audit = useLoad(() => call('ledger.audit', {}), `audit-${epoch}-${pulled}`, pulled > 0);
  const spend = useLoad(() => call('ledger.spend', { days }), `spend-${epoch}-${pulled}-${days}`, pulled > 0);
  const refresh = useCallback(() => setNonce((n) => n + 1), []);
  return { balance, paged, audit, spend, refresh };
}
