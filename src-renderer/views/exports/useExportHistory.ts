/**
 * The export history's data: past exports of the active profile, newest first, read again when the
 * profile changes and when the view is opened (an export made elsewhere, by the CLI, is listed too).
 */
import { call } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { useLoad } from '../../state/useLoad';

export function useExportHistory() {
  const epoch = useAppStore((st) => st.epoch);
  return useLoad(() => call('exports.history', {}), `export-history-${epoch}`);
}
