/**
 * The user's lists for the lists view: read again when the profile changes or the count of edits queued
 * offline moves (an edit sent or queued), and on `reload()` after a create, rename or delete.
 */
import type { ListInfo } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { useLoad, type Loaded } from '../../state/useLoad';

export function useLists(): Loaded<ListInfo[]> {
  const epoch = useAppStore((st) => st.epoch);
  const pendingEdits = useAppStore((st) => st.pendingEdits);
  return useLoad(() => call('lists.list', {}), `lists-${epoch}-${pendingEdits}`);
}
