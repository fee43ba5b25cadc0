/**
 * The app's network wrapper: every call to a server goes through `reach`, which tells connectivity what
 * happened (a network failure marks the app offline) and renews the sandbox's lost session once; the QUERY
 * port of the sync jobs does the same per page. It owns the connectivity tracker, the probe, and the outbox:
 * edits are sent at once when online, queued otherwise, and flushed when the network returns.
 */
import type { ApiClient } from '../api/client';
import { isApiError, retold } from '../api/errors';
import { appReloginText, isTokenRefusal } from '../i18n/reloginText';
import { outboxStore } from '../cache/outboxStore';
import type { EventName, EventPayload } from '../contract/ipc';
import type { MutationOutcome } from '../current/index';
import type { EarlierWorkbench } from '../earlier/index';
import { apiQueryPort } from '../sync/apiQueryPort';
import { mutate, type Mutation } from '../sync/outbox';
import type { QueryPort } from '../sync/ports';
import { Connectivity, isNetworkFailure, tcpReachable } from '../workspace/connectivity';
import type { SandboxProfile } from '../workspace/sandboxProfile';
import type { Session, Sessions } from './sessions';

export interface NetworkDeps {
  sessions: Sessions;
  sandbox: SandboxProfile | null;
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  probeIntervalMs?: number;
  heartbeatMs?: number;
}

/** A sandbox that restarted no longer knows its session: log in again, once. */
const lostSandboxSession = (session: Session, e: unknown): boolean =>
  session.builtIn && isApiError(e) && (e.code === 'unauthorized' || e.code === 'invalid_session');

/**
 * A profile's token refused (a server that forgot the account answers 401 to everything): the error
 * says where in the app to log in again, for this profile. The built-in sandbox renews its own session instead.
 */
const withWayOut = (session: Session, e: unknown): unknown =>
  !session.builtIn && isApiError(e) && isTokenRefusal(e) ? retold(e, appReloginText({ name: session.name })) : e;

export class Network {
  readonly connectivity: Connectivity;

  constructor(private readonly deps: NetworkDeps) {
    this.connectivity = new Connectivity({
      intervalMs: deps.probeIntervalMs ?? 10_000,
      probe: () => this.probe(),
      heartbeat: () => {
        const s = deps.sessions.sessionOrNull();
        return s ? tcpReachable(s.baseUrl) : Promise.resolve(true);
      },
      ...(deps.heartbeatMs !== undefined ? { heartbeatMs: deps.heartbeatMs } : {}),
      onChange: () => this.emitStatus(),
      onOnline: () => this.flush(),
    });
  }

  /** Whether a request is worth trying now (offline calls that the cache can answer skip the network). */
  get online(): boolean {
    return this.connectivity.online;
  }

  /** Runs a request with the active current-generation profile's client (see `reach`). */
  net<T>(fn: (client: ApiClient, session: Session) => Promise<T>): Promise<T> {
    const session = this.deps.sessions.currentGeneration();
    return this.reach(session, () => fn(session.client, session));
  }

  /** `net` for an earlier-generation profile: the same rules around its own core. */
  earlierNet<T>(fn: (workbench: EarlierWorkbench, session: Session) => Promise<T>): Promise<T> {
    const session = this.deps.sessions.earlierSession();
    return this.reach(session, () => fn(session.earlier.workbench, session));
  }

  /** What every call to a server shares: connectivity is told, and the sandbox's lost session renewed once. */
  async reach<T>(session: Session, call: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await call();
        this.connectivity.noteSuccess();
        return result;
      } catch (e) {
        if (isApiError(e) && e.status !== null) this.connectivity.noteSuccess();
        else this.connectivity.noteFailure(e);
        if (attempt === 0 && lostSandboxSession(session, e)) {
          this.deps.sandbox?.dropSession();
          continue;
        }
        throw withWayOut(session, e);
      }
    }
  }

  /** The QUERY port of a session, telling connectivity what happened. */
  port(session: Session, onLongPoll?: () => void): QueryPort {
    const inner = apiQueryPort(session.client);
    return {
      query: async (feed, body, signal) => {
        if (onLongPoll && typeof body.wait === 'number' && body.wait > 0) onLongPoll();
        try {
          const page = await inner.query(feed, body, signal);
          this.connectivity.noteSuccess();
          return page;
        } catch (e) {
          if (isApiError(e) && e.status !== null) {
            this.connectivity.noteSuccess();
            if (lostSandboxSession(session, e)) {
              this.deps.sandbox?.dropSession();
              return inner.query(feed, body, signal);
            }
          } else if (!signal?.aborted) this.connectivity.noteFailure(e);
          throw withWayOut(session, e);
        }
      },
    };
  }

  /** Reachable when the server answers anything at all (GET /balance is free and light). */
  private async probe(): Promise<boolean> {
    const s = this.deps.sessions.sessionOrNull();
    if (!s) return true;
    try {
      await (s.earlier ? s.earlier.probeClient.balance() : s.probeClient.balance());
      return true;
    } catch (e) {
      if (isApiError(e) && e.status !== null) {
        if (lostSandboxSession(s, e)) this.deps.sandbox?.dropSession();
        return true;
      }
      return false;
    }
  }

  pendingEdits(): number {
    const s = this.deps.sessions.sessionOrNull();
    return s ? outboxStore(s.cache).pending().length : 0;
  }

  emitStatus(): void {
    this.deps.emit('app.status', { online: this.connectivity.online, pendingEdits: this.pendingEdits() });
  }

  /** Sends queued edits (the network is back); tells the renderer how many are left. */
  async flush(): Promise<void> {
    const s = this.deps.sessions.sessionOrNull();
    if (!s || s.generation !== 'current') return;
    if (outboxStore(s.cache).pending().length > 0) {
      try {
        await s.current.sendQueuedEdits();
      } catch {
        // Still queued: the next transition online tries again.
      }
    }
    this.emitStatus();
  }

  /**
   * Sends a mutation through the outbox (its Idempotency-Key stored before sending), or leaves it queued
   * when the network is away. Earlier queued edits go first, so the server sees them in order.
   */
  async mutateOrQueue(m: Mutation): Promise<MutationOutcome> {
    const s = this.deps.sessions.currentGeneration();
    if (this.online && outboxStore(s.cache).pending().length > 0) await this.flush();
    if (!this.online || outboxStore(s.cache).pending().length > 0) {
      outboxStore(s.cache).enqueue(m);
      this.emitStatus();
      return { queued: true, result: null };
    }
    try {
      return { queued: false, result: await this.net((client) => mutate(s.cache, client, m)) };
    } catch (e) {
      if (!isNetworkFailure(e)) throw e;
      this.emitStatus(); // the entry stays pending under its key
      return { queued: true, result: null };
    }
  }
}
