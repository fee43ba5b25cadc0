/**
 * A JobManager whose run the test drives: the job's progress hook and its end are handed to the test, and
 * every emitted job is recorded (no sandbox, no core).
 */
import { JobManager } from '../../src-main/app/jobs';
import type { SyncJob } from '../../src-main/contract/ipc';
import type { SyncProgress } from '../../src-main/sync/syncEngine';

export interface DrivenJobs {
  jobs: JobManager;
  emitted: SyncJob[];
  /** The running job's progress hook (set once its run has started). */
  progress(p: SyncProgress): void;
  /** Ends the running job as done. */
  finish(): void;
  started(): boolean;
}

export function drivenJobs(): DrivenJobs {
  const emitted: SyncJob[] = [];
  let progress: ((p: SyncProgress) => void) | null = null;
  let finish: (() => void) | null = null;
  const jobs = new JobManager({
    run: (spec, _signal, hooks) =>
      new Promise((resolve) => {
        progress = hooks.onProgress;
        finish = () => resolve({ filterId: spec.filterId, stoppedBy: 'done', pages: 0, items: 0, charged: 0, free: 0, streams: [] });
      }),
    emit: (job) => emitted.push(job),
    toError: () => ({ code: 'internal', message: '', requestId: null }),
    stopError: () => ({ code: 'internal', message: '', requestId: null }),
    throttleMs: 0,
  });
  return {
    jobs,
    emitted,
    progress: (p) => progress!(p),
    finish: () => finish!(),
    started: () => progress !== null,
  };
}
