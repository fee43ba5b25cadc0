/**
 * The user's lists for the lists view: read again when the profile changes or the count of edits queued
 * offline moves (an edit sent or queued), on `reload()` after a create, rename or delete, and when a team sync
 * pulled a teammate's list edits (`lists.changed`).
 */
import type { ListInfo } from '../../../src-main/contract/ipc';
import { useEffect } from 'react';
import { call, subscribe } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { useLoad, type Loaded } from '../../state/useLoad';

export function useLists(): Loaded<ListInfo[]> {
  const epoch = useAppStore((st) => st.epoch);
  const pendingEdits = useAppStore((st) => st.pendingEdits);
  const loaded = useLoad(() => call('lists.list', {}), `lists-${epoch}-${pendingEdits}`);
  const { reload } = loaded;
  useEffect(() => subscribe('lists.changed', () => reload()), [reload]);
  return loaded;
}
