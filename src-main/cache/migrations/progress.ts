/**
 * The progress of opening an existing cache whose pending migrations fill tables (`Migration.fills`): one
 * percentage over all of them, each filling migration an equal share, whole percents only, never going back,
 * 0 first and 100 only once the migration transaction has committed (the caller says `done`).
 */
import type { MigrationProgress } from './types';

export type OnMigrationProgress = (percent: number) => void;

export interface OpenProgress {
  /** The reporter the `index`-th filling migration (0-based) is given. */
  step(index: number): MigrationProgress;
  done(): void;
}

export function openProgress(fillingSteps: number, report: OnMigrationProgress): OpenProgress {
  let last = -1;
  const say = (percent: number): void => {
    if (percent <= last) return;
    last = percent;
    report(percent);
  };
  say(0);
  return {
    step: (index) => (done, total) => {
      const fraction = total > 0 ? Math.min(1, Math.max(0, done / total)) : 1;
      // 100 is kept for the commit: until then the work may still be rolled back.
      say(Math.min(99, Math.floor(((index + fraction) / fillingSteps) * 100)));
    },
    done: () => say(100),
  };
}
