/**
 * The current API generation's core (reference 1, `Authorization: Bearer`, cursors, filters on the server):
 * the one module the CLI's commands and the desktop app's IPC handlers call for its use cases, beside
 * `EarlierWorkbench` (src-main/earlier/) for the earlier generation. Both adapters only parse their input,
 * call a method here and shape the answer.
 *
 *   const wb = new CurrentWorkbench({ cache, client: currentClient(cache, { baseUrl, token }), spending: () => settings.spending });
 *
 * It builds nothing it depends on (deps.ts): the profile's cache and client, the money settings, and the
 * hooks by which the app adds connectivity, the outbox, background jobs and throttled events. Without the app's
 * hooks (the CLI) calls go straight to the client and reads run in the foreground; the methods that start a
 * job then refuse.
 *
 * Search (search.ts)
 *   previewSearch(criteria, { maxSpend?, signal? })  -> { filterId, total, charged, spend }   one item, <= 1 unit
 *   runSearch({ criteria, label?, events, maxSpend?, confirmCost? }) -> { filterId, jobId }  saved, then a job
 *   saveSearch({ filterId, params, label?, events }) keeps a previewed set under its label
 *   searchResults(filterId, sort, offset, limit), searchOffline(query, { order, offset, limit })   cache only
 * Saved searches (savedSearches.ts)
 *   savedSearches(), findSaved(labelOrId), requireSaved(id), savedSearchInfo(s), rename, markSeen, follow, extinguish
 *   labelOwner(label, filterId, params?)            the one label rule: who else holds the label, if anyone
 * Sync and spending (feedRuns.ts, spendGuard.ts: every paid run planned by `planSpend`)
 *   estimateSaved / syncSaved                        a saved search's cost and its job
 *   feedEstimate / feedJob(feed, body, opts)         any set named by a QUERY body (a list, ids, a supplier)
 *   savedEstimate / preview / readSaved / heldOf     the steps, for a foreground run (the CLI's sync)
 *   runSyncJob(spec, signal, hooks)                  the body of the app's sync job
 *   sendQueuedEdits()                                the outbox flushed (before a run, when the network returns)
 * Money and audit (money.ts, audit.ts)
 *   money.balance / ledgerPage / spend / tokens …    mirrored locally, read offline
 *   audit(mode)                                      every charge one delivered version, none twice
 * Cards, contracts and lists (cards.ts, contracts.ts, lists.ts)
 *   cards.open / openForView / version / relatedContracts   cached first: a card is paid for once
 * Intelligence jobs (enrich.ts, backfill.ts)
 *   enrichEstimate / enrichStart / enrich            cards of cached objects without positions (0 units for held versions)
 *   cardTargets / cardsEstimate / openCards          the same run over named objects' cards (the calendar's links)
 *   backfillEstimate / backfillStart                 a dossier's contracts by customer or supplier INN (paid, planned)
 *   attributeContractSet(body, filterId)             a one-customer contract set read: its contracts are that customer's
 *   contracts.rows / rememberSetFilter, checkedContractBody(set)   a set's QUERY body checked before it pays
 *   lists.lists / create / rename / delete / editItems / members / refreshMembers / serverIdOf
 */
import { ApiClient, type ApiClientOptions } from '../api/client';
import type { CacheDb } from '../cache/database';
import type { OfflineQuery } from '../cache/offlineSearch';
import { searchStore, type SavedSearch } from '../cache/searchStore';
import type { TenderSort } from '../cache/viewQueries';
import type { EnrichEstimate, SavedSearchInfo, SpendEstimate } from '../contract/ipc';
import type { ObjectKind } from '../cache/types';
import type { PositionsGap } from '../cache/enrichStore';
import { flushOutbox } from '../sync/outbox';
import { quarantineSink } from '../sync/quarantine';
import type { FeedName, StreamName } from '../sync/ports';
import type { SyncOutcome } from '../sync/syncEngine';
import { wire, type CurrentDeps, type Wired } from './deps';
import { runAudit, type AuditPullMode } from './audit';
import * as backfill from './backfill';
import { CardUseCases } from './cards';
import { ContractUseCases } from './contracts';
import { ListUseCases, sendNow } from './lists';
import type { AuditVerdict } from '../audit/reconcile';
import * as runs from './feedRuns';
import * as enrich from './enrich';
import { MoneyUseCases } from './money';
import type { CurrentNet } from './net';
import * as saved from './savedSearches';
import * as search from './search';
import { heldOfFeed } from './spendGuard';
import type { JobHooks, JobSpec } from './syncJobs';

export type { CurrentDeps, MutationOutcome } from './deps';
export type { JobHooks, JobSpec, SyncJobs } from './syncJobs';
export { LabelTakenError } from './savedSearches';

/**
 * The API client of a current-generation profile over its cache: a paid answer this client cannot read is
 * kept in the cache's quarantine, never dropped. The app and the CLI both build theirs here.
 */
export function currentClient(cache: CacheDb, options: Omit<ApiClientOptions, 'onUnreadable'>): ApiClient {
  return new ApiClient({ ...options, onUnreadable: quarantineSink(cache) });
}

export class CurrentWorkbench {
  private readonly w: Wired;
  /** Balance, ledger, spending and API tokens (current/money.ts). */
  readonly money: MoneyUseCases;
  /** Cards: cached, else fetched, else the stored object where the server cannot be reached (current/cards.ts). */
  readonly cards: CardUseCases;
  /** Contract sets: the checked QUERY body and the rows held (current/contracts.ts). */
  readonly contracts: ContractUseCases;
  /** Lists: edits through the deps' sender (the app's queues offline), else sent at once (current/lists.ts). */
  readonly lists: ListUseCases;

  constructor(deps: CurrentDeps) {
    this.w = wire(deps);
    const { cache, net } = this.w;
    this.money = new MoneyUseCases({ cache, net });
    this.cards = new CardUseCases({ cache, net, ...(deps.onVersionsStored ? { onStored: (items) => deps.onVersionsStored?.(items) } : {}) });
    this.contracts = new ContractUseCases({ cache });
    this.lists = new ListUseCases({ cache, net, mutate: deps.mutate ? (m) => deps.mutate!(m) : sendNow(cache, net) });
  }

  /** How the use cases reach the server through this workbench's deps (for the use cases composed here). */
  get net(): CurrentNet {
    return this.w.net;
  }

  /** The ledger audit (current/audit.ts): `bounded` for the app (the CLI calls `auditRun` to say how far it pulled). */
  audit(mode: AuditPullMode): Promise<AuditVerdict> {
    return runAudit({ cache: this.w.cache, net: this.w.net }, mode);
  }

  get cache(): CacheDb {
    return this.w.cache;
  }

  get client(): ApiClient {
    return this.w.deps.client;
  }

  // --- Search -----------------------------------------------------------------------------------------------

  previewSearch(criteria: Record<string, unknown>, opts: { maxSpend?: number; signal?: AbortSignal } = {}) {
    return search.previewSearch(this.w, criteria, opts);
  }

  runSearch(opts: Parameters<typeof search.runSearch>[1]): Promise<{ filterId: string; jobId: string }> {
    return search.runSearch(this.w, opts);
  }

  saveSearch(s: { filterId: string; params: Record<string, unknown>; label?: string; events: StreamName[] }): SavedSearch {
    return search.saveSearch(this.w, s);
  }

  searchResults(filterId: string, sort: TenderSort | undefined, offset: number, limit: number, among?: readonly number[]) {
    return search.searchResults(this.w, filterId, sort, offset, limit, among);
  }

  searchOffline(query: OfflineQuery, options: Parameters<typeof search.searchOffline>[2]) {
    return search.searchOffline(this.w, query, options);
  }

  // --- Saved searches ---------------------------------------------------------------------------------------

  savedSearches(): SavedSearch[] {
    return searchStore(this.w.cache).list();
  }

  /** A saved search by label or filter id (an id-looking key is tried as an id first). */
  findSaved(key: string): SavedSearch | undefined {
    return saved.findSaved(this.w.cache, key);
  }

  /** A saved search by filter id, or `not_found`. */
  requireSaved(filterId: string): SavedSearch {
    return saved.requireSearch(this.w, filterId);
  }

  savedSearchInfo(s: SavedSearch): SavedSearchInfo {
    return saved.savedSearchInfo(this.w, s);
  }

  labelOwner(label: string, filterId: string | null, params?: unknown): SavedSearch | null {
    return saved.labelOwner(this.w, label, filterId, params);
  }

  rename(filterId: string, label: string): SavedSearchInfo {
    return saved.rename(this.w, filterId, label);
  }

  markSeen(filterId: string): SavedSearchInfo {
    return saved.markSeen(this.w, filterId);
  }

  follow(filterId: string, on: boolean): Promise<SavedSearchInfo> {
    return saved.follow(this.w, filterId, on);
  }

  extinguish(filterId: string): Promise<{ extinguished: true }> {
    return saved.extinguish(this.w, filterId);
  }

  // --- Sync and spending ------------------------------------------------------------------------------------

  estimateSaved(filterId: string, contracts: boolean, maxSpend?: number): Promise<SpendEstimate> {
    return runs.estimateSaved(this.w, filterId, contracts, maxSpend);
  }

  syncSaved(opts: Parameters<typeof runs.syncSaved>[1]): Promise<{ jobId: string }> {
    return runs.syncSaved(this.w, opts);
  }

  feedEstimate(feed: FeedName, body: Record<string, unknown>, maxSpend?: number): Promise<{ filterId: string; charged: number; spend: SpendEstimate }> {
    return runs.feedEstimate(this.w, feed, body, maxSpend);
  }

  feedJob(feed: FeedName, body: Record<string, unknown>, opts: Parameters<typeof runs.feedJob>[3] = {}): Promise<{ filterId: string; jobId: string }> {
    return runs.feedJob(this.w, feed, body, opts);
  }

  /** A saved search's cost by the server's totals (the CLI's sync plans its flags on it; `estimateSaved` is the app's). */
  savedEstimate(filterId: string, contracts: boolean, signal?: AbortSignal): ReturnType<typeof runs.savedEstimate> {
    return runs.savedEstimate(this.w, filterId, contracts, signal);
  }

  preview(feed: FeedName, body: Record<string, unknown>, signal?: AbortSignal): Promise<{ filterId: string; total: number | null; charged: number }> {
    return runs.preview(this.w, feed, body, signal);
  }

  readSaved(req: runs.ReadSavedRequest): Promise<SyncOutcome> {
    return runs.readSaved(this.w, req);
  }

  /** Members of a feed's filter held in the cache (their held versions are free). */
  heldOf(feed: FeedName, filterId: string): number {
    return heldOfFeed(this.w.cache, feed, filterId);
  }

  /** The body of every current-generation job: a feed set's sync, an enrichment or a backfill. */
  runSyncJob(spec: JobSpec, signal: AbortSignal, hooks: JobHooks): Promise<SyncOutcome> {
    if (spec.enrich) return enrich.runEnrichJob(this.w, { ...spec, enrich: spec.enrich }, signal, hooks);
    if (spec.backfill) return backfill.runBackfillJob(this.w, { ...spec, backfill: spec.backfill }, signal, hooks);
    return runs.runSyncJob(this.w, spec, signal, hooks);
  }

  // --- Intelligence jobs -------------------------------------------------------------------------

  /** What enriching would open and cost, from the cache alone. */
  enrichEstimate(kinds: readonly ObjectKind[], maxSpend?: number): EnrichEstimate {
    return enrich.enrichEstimate(this.w, kinds, maxSpend);
  }

  enrichStart(opts: { kinds: readonly ObjectKind[]; maxSpend?: number; confirmCost?: number }): { jobId: string } {
    return enrich.enrichStart(this.w, opts);
  }

  /** Enrichment in the foreground (the CLI), within `cap` units. */
  enrich(run: enrich.EnrichRun): Promise<SyncOutcome> {
    return enrich.runEnrich(this.w, run);
  }

  /** The cards of these objects not held yet (the deadlines calendar's links to notices). */
  cardTargets(kind: ObjectKind, ids: readonly number[]): PositionsGap[] {
    return enrich.cardTargets(this.w, kind, ids);
  }

  /** What opening those cards costs: 0 expected (held versions), one unit per card at worst. */
  cardsEstimate(targets: PositionsGap[], maxSpend?: number): EnrichEstimate {
    return enrich.cardsEstimate(this.w, targets, maxSpend);
  }

  /** Opens those cards in the foreground (the enrichment's run), planned by the core on their worst case. */
  openCards(targets: PositionsGap[], opts: { maxSpend?: number; confirmCost?: number; signal?: AbortSignal }): Promise<SyncOutcome> {
    const limit = enrich.cardsSpendLimit(this.w, targets, opts);
    return enrich.runEnrich(this.w, { kinds: [...new Set(targets.map((t) => t.kind))], targets, cap: limit.cap, ...(opts.signal ? { signal: opts.signal } : {}) });
  }

  backfillEstimate(t: backfill.BackfillTarget, maxSpend?: number): Promise<{ filterId: string; charged: number; spend: SpendEstimate }> {
    return backfill.backfillEstimate(this.w, t, maxSpend);
  }

  backfillStart(t: backfill.BackfillTarget, opts: Parameters<typeof backfill.backfillStart>[2] = {}): Promise<{ filterId: string; jobId: string }> {
    return backfill.backfillStart(this.w, t, opts);
  }

  /** After a contract set's feed was read (the CLI's foreground run): a one-customer set's contracts are that customer's. */
  attributeContractSet(body: Record<string, unknown>, filterId: string): void {
    const target = backfill.customerSetOf(body);
    if (target) backfill.attributeBackfill(this.w, filterId, target);
  }

  /** Sends the edits queued in the outbox, in order, each under its stored Idempotency-Key. */
  sendQueuedEdits(): Promise<{ sent: number; failed: number }> {
    return this.w.reach(() => flushOutbox(this.w.cache, this.w.deps.client));
  }
}
