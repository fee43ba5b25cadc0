/**
 * A table fed by a job (a list's update, a contract set's read): the pages the job stores are shown as they
 * come, and once more when it ends. `refresh` is the table's (state/usePagedRows.ts).
 */
import { useEffect } from 'react';
import { useAppStore } from './store';

export function useRefreshWithJob(jobId: string | null, refresh: () => void): void {
  const job = useAppStore((st) => (jobId ? st.jobs[jobId] : undefined));
  const jobItems = job?.items ?? 0;
  const jobState = job?.state;
  useEffect(() => {
    if (jobId !== null) refresh();
  }, [jobId, jobItems, jobState, refresh]);
}
