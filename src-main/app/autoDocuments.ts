/**
 * The app's automatic download of documents as a job of its job runner (`documents:auto`): it shows its
 * progress where the other downloads do (`sync.progress`: the frame, the jobs list), stops with the app or a
 * profile switch like them, and ends at the size limit with the same message.
 *
 * What asks for a run: a tender card stored anywhere (CurrentDeps.onVersionsStored) that lists documents and
 * whose tender the settings choose (only a card brings documents to download: a feed page's items carry none, and
 * a card outside the choice is none of this job's business, so opening any card does not raise a job), the
 * documents settings saved, and the start of a profile that is owed a run (one cut short by a close, a switch,
 * a `kill -9`: documents/autoPending.ts; the analyst's own cancel is an answer, not a debt). Nothing is asked while the settings choose nothing. One job at a time: versions stored while a run goes on make it go over the scope once more
 * (a pass), never a second job beside it. A pass reads the settings and the scope when it starts; what is held is
 * skipped, so a resumed run fetches only what is missing.
 */
import type { CacheDb } from '../cache/database';
import type { DocumentSettings } from '../contract/settingsShapes';
import type { JobHooks, JobSpec } from '../current/syncJobs';
import { AppError } from '../domain/appError';
import { autoDownloadChosen, autoDownloadScope } from '../documents/autoDownload';
import { autoPending } from '../documents/autoPending';
import type { KeyedEvent } from '../notifications/detect';
import type { SyncOutcome } from '../sync/syncEngine';
import { AUTO_DOCUMENTS_JOB, runAutoDocumentsPass } from './documentJobs';
import { CANCELLED_BY_ANALYST } from './jobs';

/** The job runner as this needs it: a running job's `done` tells when a job whose run is over is closed. */
export interface AutoDocumentsJobs {
  start(spec: JobSpec): string;
  runningFor(filterId: string): { view: { jobId: string }; done: Promise<void> } | undefined;
}

export interface AutoDocumentsDeps {
  settings(): DocumentSettings;
  /** The active profile's cache, if any. */
  cache(): CacheDb | null;
  jobs(): AutoDocumentsJobs;
  /** The job's name in the analyst's language. */
  label(): string;
  /** Marked tenders whose documentation changed (the app's notifications). */
  onChanged(cache: CacheDb, events: KeyedEvent[]): void;
}

export class AutoDocuments {
  /** The job started and its body not yet begun: a request then is answered by that body's first pass. */
  private starting: string | null = null;
  private running = false;
  private again = false;

  constructor(private readonly deps: AutoDocumentsDeps) {}

  /** Versions were stored: a run if one is a card of a chosen tender that lists documents. */
  versionsStored(items: readonly { kind: string; id: number; object: unknown }[]): void {
    const cards = items.filter((i) => i.kind === 'tender' && listsDocuments(i.object));
    if (cards.length === 0) return;
    const settings = this.deps.settings();
    const cache = this.deps.cache();
    if (!cache || !autoDownloadChosen(settings)) return;
    const chosen = new Set(autoDownloadScope(cache, settings).tenderIds);
    if (cards.some((i) => chosen.has(i.id))) this.kick();
  }

  /**
   * Asks for a run: the job's id, or null when the settings choose nothing or no profile is open. The run is
   * owed from here on, until one goes through.
   */
  kick(): string | null {
    if (!autoDownloadChosen(this.deps.settings())) return null;
    const cache = this.deps.cache();
    if (!cache) return null;
    autoPending(cache).owe();
    const jobs = this.deps.jobs();
    const job = jobs.runningFor(AUTO_DOCUMENTS_JOB);
    if (job && (this.running || job.view.jobId === this.starting)) {
      this.again = true;
      return job.view.jobId;
    }
    // Its run is over but the job not yet closed: one more after it.
    if (job) {
      void job.done.then(() => this.kick());
      return job.view.jobId;
    }
    const spec: JobSpec = { filterId: AUTO_DOCUMENTS_JOB, label: this.deps.label(), feeds: ['tender'], streams: [], follow: false, documents: { auto: true } };
    this.starting = jobs.start(spec);
    return this.starting;
  }

  /** A profile became active: the run it is owed, if any. */
  resume(): void {
    const cache = this.deps.cache();
    if (cache && autoPending(cache).owed()) this.kick();
  }

  /** The job's body (the job runner's, for `documents.auto` specs): passes until no more was asked during one. */
  async run(cache: CacheDb, signal: AbortSignal, hooks: JobHooks): Promise<SyncOutcome> {
    this.starting = null;
    this.running = true;
    const pending = autoPending(cache);
    try {
      for (;;) {
        this.again = false;
        let outcome: SyncOutcome;
        try {
          outcome = await runAutoDocumentsPass(cache, { filterId: AUTO_DOCUMENTS_JOB }, this.deps.settings(), signal, hooks, this.deps.onChanged);
        } catch (e) {
          // Stopped at the limit: answered (running again would only stop there again); anything else is still owed.
          if ((e instanceof AppError && e.code === 'disk_full') || signal.reason === CANCELLED_BY_ANALYST) pending.settle();
          throw e;
        }
        if (!this.again || signal.aborted) {
          // A close or a profile switch leaves the run owed; the analyst's own cancel answers it until the next ask.
          if (!signal.aborted || signal.reason === CANCELLED_BY_ANALYST) pending.settle();
          return outcome;
        }
      }
    } finally {
      this.running = false;
    }
  }
}

const listsDocuments = (object: unknown): boolean => {
  const documents = typeof object === 'object' && object !== null ? (object as { documents?: unknown }).documents : undefined;
  return Array.isArray(documents) && documents.length > 0;
};
