/**
 * What the workbench asks of a job runner (the app's JobManager, app/jobs.ts): a sync job is described by a
 * `JobSpec` and run in the background. The CLI has no job runner: it reads in the foreground.
 */
import type { ObjectKind } from '../cache/types';
import type { SyncJob } from '../contract/ipc';
import type { Text } from '../i18n/text';
import type { SyncProgress } from '../sync/syncEngine';
import type { FeedName, StreamName } from '../sync/ports';
import type { SpendLimit } from './spendGuard';

export interface JobSpec {
  filterId: string;
  label: string | null;
  feeds: FeedName[];
  streams: StreamName[];
  maxSpend?: number;
  follow: boolean;
  /** An earlier-generation filter's pages (`filterId` is then `efl_<id>`), instead of the feeds above. */
  earlierFilterId?: number;
  /** The cap the core planned for this run (spendGuard): which cap it is, for the message when it stops there. */
  spendLimit?: SpendLimit;
  /** An enrichment job (current/enrich.ts): the cards of cached objects of these kinds, instead of feeds. */
  enrich?: { kinds: ObjectKind[] };
  /** A dossier's backfill (current/backfill.ts): after the feed, its contracts are attributed to this customer. */
  backfill?: { kind: 'customer' | 'supplier'; inn: string };
  /**
   * Documents downloaded and read, instead of feeds (app/documentJobs.ts): «Скачать документы», these tenders';
   * or the automatic download, what the settings choose (app/autoDocuments.ts).
   */
  documents?: { tenderIds: number[] } | { auto: true };
  /** Units already spent for this job before it started (the first page of a new search). */
  spentBefore?: { charged: number; free: number; items: number; pages: number; total: number | null };
  /** The QUERY body of a set read by its body (feedJob): a feed whose position is refused restarts from it. */
  set?: { feed: FeedName; body: Record<string, unknown> };
}

export interface JobHooks {
  /** `held`: what the cache holds of the feed's set now, when the run knows it (a feed's sync; not an enrichment). */
  onProgress(p: SyncProgress & { held?: number }): void;
  /** The job has caught up and is now only waiting for new events (follow mode). */
  onFollowing(): void;
  /** Something the analyst should read about the run (a feed restarted from the saved criteria), in both languages. */
  onNotice?(text: Text): void;
}

/** The job runner as the workbench sees it. */
export interface SyncJobs {
  start(spec: JobSpec): string;
  runningFor(filterId: string): { view: SyncJob; spec: JobSpec } | undefined;
  cancelFilter(filterId: string): Promise<void>;
  isFollowing(filterId: string): boolean;
}
