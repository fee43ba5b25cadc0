/**
 * What the same account spent through the other API generation, read again when the profile changes: the data
 * of TwinCharges, which the ledger view and the earlier generation's limits view both show.
 */
import type { MethodResult } from '../../src-main/contract/ipc';
import { call } from '../bridge/client';
import { useAppStore } from '../state/store';
import { useLoad, type Loaded } from '../state/useLoad';

export function useTwinCharges(): Loaded<MethodResult<'balance.twin'>> {
  const epoch = useAppStore((st) => st.epoch);
  return useLoad(() => call('balance.twin', {}), `twin-${epoch}`);
}
