/**
 * One user action at a time (ask a cost, start a job, export): busy while it runs, its error kept for the
 * page to show, cleared when the next one starts. The insights pages' buttons share it.
 */
import { useCallback, useState } from 'react';

export function useAction(): { busy: boolean; error: unknown; setError(error: unknown): void; run(action: () => Promise<void>): Promise<void> } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}
