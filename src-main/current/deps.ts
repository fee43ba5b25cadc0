/**
 * What a CurrentWorkbench is given (by injection; it builds none of it): the profile's cache and API client,
 * the money settings in force, and the hooks through which the app adds its own cross-cutting rules
 * (connectivity, the sandbox's session renewal, queued edits, background jobs, throttled events). The CLI
 * passes only the first three: every call then goes straight to the client, and reads run in the foreground.
 */
import type { ApiClient } from '../api/client';
import type { CacheDb } from '../cache/database';
import type { SpendingSettings } from '../contract/ipc';
import type { Mutation } from '../sync/outbox';
import type { DeliverySummary } from '../cache/versionStore';
import type { FeedSink, QueryPort, StoredPage } from '../sync/ports';
import { apiQueryPort } from '../sync/apiQueryPort';
import { cacheFeedSink } from '../sync/cacheFeedSink';
import type { CurrentNet } from './net';
import type { SyncJobs } from './syncJobs';

/** What an edit sent through the outbox did: sent now (with the server's answer), or queued for later. */
/** Hears a stored page with what it added to its filter (notifications). */
export type PageStoredListener = (page: StoredPage, summary: DeliverySummary) => void;

/** An object version as stored: enough to tell whether it is newer than the one a tender was marked on. */
export type StoredVersion = { kind: string; id: number; version: number; object: unknown };

export type MutationOutcome = { queued: false; result: Record<string, unknown> } | { queued: true; result: null };

export interface CurrentDeps {
  readonly cache: CacheDb;
  readonly client: ApiClient;
  /** The money settings in force now (settings.json at the data root, the app's and the CLI's). */
  spending(): SpendingSettings;
  /** Wraps every call to the server (the app: connectivity, the sandbox's lost session renewed once). */
  reach?<T>(call: () => Promise<T>): Promise<T>;
  /** Whether a read the cache can stand in for is worth trying now (the app: online); by default always. */
  worthTrying?(): boolean;
  /** Whether a failure means the server could not be reached, so the cache may answer (the app); by default never. */
  unreachable?(error: unknown): boolean;
  /** The QUERY port (the app's tells connectivity); by default the client's own. */
  port?(onLongPoll?: () => void): QueryPort;
  /** A stored page added or changed items of a filter (the app's throttled `feed.updated`). */
  onFeedSaved?(filterId: string, created: number, updated: number): void;
  /** A sync job stored a page; `following`: a follow job's (the app's notifications). */
  onJobPageStored?(page: StoredPage, summary: DeliverySummary, following: boolean): void;
  /**
   * Versions stored by any page through the cache's sink (a job's, a first page, a preview) or by a card
   * fetched: the app's «marked tender changed» hears a card opened or a list's tenders read, not
   * only a sync job's pages.
   */
  onVersionsStored?(items: readonly StoredVersion[]): void;
  /** Sends an edit through the outbox, or queues it offline (the app's network wrapper). */
  mutate?(m: Mutation): Promise<MutationOutcome>;
  /** The background job runner (the app's); without one, nothing can be started as a job. */
  jobs?: SyncJobs;
  /** Seconds of a follow long poll (tests shorten it). */
  followWaitSeconds?: number;
}

/** The deps' calls with their defaults filled in: what every use case module works with. */
export interface Wired {
  readonly deps: CurrentDeps;
  readonly cache: CacheDb;
  reach<T>(call: () => Promise<T>): Promise<T>;
  /** The same calls as the use cases of money, audit, cards and lists take them (current/net.ts). */
  readonly net: CurrentNet;
  port(onLongPoll?: () => void): QueryPort;
  /** The cache's page sink; `onStored` also hears each stored page (a run's own listener). */
  sink(onStored?: PageStoredListener): FeedSink;
  jobs(): SyncJobs;
}

export function wire(deps: CurrentDeps): Wired {
  const reach = <T>(call: () => Promise<T>): Promise<T> => (deps.reach ? deps.reach(call) : call());
  return {
    deps,
    cache: deps.cache,
    reach,
    net: {
      call: (fn) => reach(() => fn(deps.client)),
      worthTrying: () => deps.worthTrying?.() ?? true,
      unreachable: (e) => deps.unreachable?.(e) ?? false,
    },
    port: (onLongPoll) => (deps.port ? deps.port(onLongPoll) : apiQueryPort(deps.client)),
    sink: (onStored) =>
      cacheFeedSink(deps.cache, {
        onSaved: (page, summary) => {
          deps.onVersionsStored?.(page.items);
          if (summary.created + summary.updated > 0) deps.onFeedSaved?.(page.filterId, summary.created, summary.updated);
          onStored?.(page, summary);
        },
      }),
    jobs: () => {
      if (!deps.jobs) throw new Error('This workbench has no job runner (the CLI reads in the foreground).');
      return deps.jobs;
    },
  };
}
