/**
 * One sandbox state: the working database and the services over it. `reset` throws this object away and
 * makes a new one over a fresh copy of the catalogue.
 */
import type Database from 'better-sqlite3';
import { Accounts } from './accounts';
import { type SandboxClock, moscowIso } from './clock';
import { CursorSigner } from './cursor';
import { FeedEngine } from './feeds';
import { Lists } from './lists';
import { Subscriptions } from './subscriptions';
import { Renderer } from './render';
import { Cards } from './cards';
import { IdempotencyStore } from '../http/idempotency';
import { applyTick } from '../data/tick';
import { catchUpWorld, worldTime } from '../data/catchUp';
import { mskIso } from '../data/rows';
import { notFound } from './errors';
import { DEFAULT_CONDUCT, type Conduct } from './conduct';

export class SandboxService {
  readonly accounts: Accounts;
  readonly feeds: FeedEngine;
  readonly lists: Lists;
  readonly subscriptions: Subscriptions;
  readonly signer: CursorSigner;
  readonly render: Renderer;
  readonly cards: Cards;
  readonly idempotency: IdempotencyStore;
  readonly seed: number;
  readonly subscriptionTtlMs: number;
  /** When the simulated contract poller last looked at the source (`freshness.last_polled_at`). */
  lastContractPollMs: number;
  /** `http://127.0.0.1:PORT` once the HTTP front listens: the origin of the documents' file route. */
  fileOrigin = '';

  constructor(
    readonly db: Database.Database,
    dbPath: string,
    readonly clock: SandboxClock,
    /** The choices the reference leaves open (default or strict); see conduct.ts. */
    readonly conduct: Conduct = DEFAULT_CONDUCT,
  ) {
    this.subscriptionTtlMs = conduct.subscriptionTtlMs;
    const meta = (key: string): string => (db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string }).value;
    this.seed = Number(meta('seed'));
    this.signer = new CursorSigner(Buffer.from(meta('cursor_key'), 'hex'));
    this.accounts = new Accounts(db, clock, conduct);
    this.feeds = new FeedEngine(db, dbPath, () => moscowIso(clock.nowMs()), conduct.collectionPace);
    this.lists = new Lists(db, clock, this.feeds, conduct);
    this.subscriptions = new Subscriptions(db, clock, conduct);
    this.render = new Renderer(db, this.seed, () => clock.nowMs(), () => this.fileOrigin);
    this.cards = new Cards(db, clock, this.render);
    this.idempotency = new IdempotencyStore(db);
    this.lastContractPollMs = clock.nowMs();
    // What the world lived while a kept state was closed (the catch-up at open) reaches its live feeds.
    this.feeds.applyNewEntries();
  }

  /** The size of a page for a requested `limit`: the limit, or less under a page cap. */
  pageSize(limit: number): number {
    return Math.min(limit, this.conduct.pageCap);
  }

  /** `POST /__sandbox/tick`: the world moves on and every live feed sees it. */
  tick(created: number, updated: number): { entries: number } {
    const now = this.clock.nowMs();
    const result = this.db.transaction(() => applyTick(this.db, this.seed, { created, updated }, moscowIso(now)))();
    this.lastContractPollMs = now;
    this.feeds.applyNewEntries();
    return { entries: result.entries.length };
  }

  /**
   * The world lives up to the sandbox clock's now, as at a reopening (data/catchUp.ts): `POST /__sandbox/clock`
   * with `catch_up`, after moving the clock.
   */
  catchUp(): { from: string; to: string; tenders: number; entries: number } {
    const now = this.clock.nowMs();
    const result = catchUpWorld(this.db, this.seed, Math.floor(now / 1000));
    this.lastContractPollMs = now;
    this.feeds.applyNewEntries();
    return result;
  }

  setBalance(login: string, tenders: number | undefined, contracts: number | undefined): Record<string, unknown> {
    const account = this.accounts.accountByLogin(login);
    if (!account) throw notFound(`No account ${login}.`);
    if (tenders !== undefined) this.db.prepare('UPDATE accounts SET balance_tenders = ? WHERE id = ?').run(tenders, account.id);
    if (contracts !== undefined) this.db.prepare('UPDATE accounts SET balance_contracts = ? WHERE id = ?').run(contracts, account.id);
    const a = this.accounts.account(account.id);
    return { login, tenders: a.balance_tenders, contracts: a.balance_contracts };
  }

  state(): Record<string, unknown> {
    const n = (sql: string): number => (this.db.prepare(sql).get() as { n: number }).n;
    return {
      seed: this.seed,
      tenders: n('SELECT count(*) AS n FROM tenders'),
      tender_versions: n('SELECT count(*) AS n FROM tender_versions'),
      contracts: n('SELECT count(*) AS n FROM contracts'),
      contract_versions: n('SELECT count(*) AS n FROM contract_versions'),
      log_head: n('SELECT coalesce(max(seq), 0) AS n FROM discovery_log'),
      now: moscowIso(this.clock.nowMs()),
      // How present the world is: lived up to world_time (data/catchUp.ts), its newest tender found then.
      world_time: mskIso(worldTime(this.db)),
      newest_found: (this.db.prepare("SELECT max(discovered_at) AS at FROM discovery_log WHERE kind = 'tender' AND version = 1").get() as { at: string | null }).at,
    };
  }

  close(): void {
    this.feeds.close();
    this.db.close();
  }
}
