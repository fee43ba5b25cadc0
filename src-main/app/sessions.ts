/**
 * The active profile's session: opening a profile (its cache, its rate limiter shared by its clients, the
 * CurrentWorkbench and, for an earlier-generation profile, the EarlierWorkbench), closing it, and answering
 * "which session is active" with the generation a handler needs. The cross-cutting rules the workbench is
 * given (connectivity, outbox, jobs) are the context's `SessionHooks`.
 */
import { ApiClient, type ApiClientOptions } from '../api/client';
import { EarlierApiClient } from '../api/earlier/client';
import { RateLimiter } from '../api/rateLimiter';
import type { CacheDb } from '../cache/database';
import type { ProfileInfo } from '../contract/ipc';
import { CurrentWorkbench, currentClient, type CurrentDeps } from '../current/index';
import { EarlierWorkbench } from '../earlier/index';
import type { ApiGeneration, ProfileRegistry } from '../profiles/profiles';
import { reprocessQuarantine } from '../sync/quarantine';
import type { TokenVault } from '../vault/tokenVault';
import { openProfileCache } from '../workspace/damagedCaches';
import { appError } from '../domain/appError';
import { SANDBOX_EARLIER_PROFILE, SANDBOX_PROFILE, type SandboxProfile } from '../workspace/sandboxProfile';

export interface Session {
  readonly name: string;
  readonly builtIn: boolean;
  readonly generation: ApiGeneration;
  readonly baseUrl: string;
  readonly dataDir: string;
  readonly cache: CacheDb;
  readonly client: ApiClient;
  /** One attempt, short timeouts: for the connectivity probe. */
  readonly probeClient: ApiClient;
  /** A profile of the earlier API generation: its core (own client, `X-API-Token`) and its probe. Else null. */
  readonly earlier: { readonly workbench: EarlierWorkbench; readonly probeClient: EarlierApiClient } | null;
  /**
   * The current generation's core over this session's cache and client. Every session has one: on an
   * earlier-generation profile only what it reads from the cache is used (`workbench()`, not `currentWorkbench()`).
   */
  readonly current: CurrentWorkbench;
}

export type EarlierSession = Session & { readonly earlier: NonNullable<Session['earlier']> };

type ProfileDescription = { name: string; builtIn: boolean; generation: ApiGeneration; baseUrl: string };

/** What a new session's workbench is given by the context (its network wrapper, outbox, jobs, events). */
export type SessionHooks = (session: () => Session) => Omit<CurrentDeps, 'cache' | 'client' | 'spending'>;

export interface SessionsDeps {
  registry: ProfileRegistry;
  vault: TokenVault;
  sandbox: SandboxProfile | null;
  spending: CurrentDeps['spending'];
  requestsPerMinute?: number;
  client?: Pick<ApiClientOptions, 'maxAttempts' | 'backoff' | 'timeouts' | 'maxPreparingWaitMs'>;
  /** A hold of the rate limiter of this many ms (shown on the running jobs). */
  onRateWait(ms: number): void;
  /** How far opening a profile's cache is while it is upgraded (migrations that fill tables: minutes on a large cache). */
  onCacheUpgrade?(profile: string, percent: number): void;
  hooks: SessionHooks;
}

/** `s`, refused when it is a profile of the earlier API generation (the current generation's routes differ). */
export function requireCurrent(s: Session): Session {
  if (s.generation !== 'current') {
    throw appError(
      'not_supported',
      'Этот профиль работает с API прежнего поколения: здесь доступны только данные из кэша.',
      'This profile uses the earlier API generation: only cached data is available here.',
    );
  }
  return s;
}

export class Sessions {
  private current: Session | null = null;

  constructor(private readonly deps: SessionsDeps) {}

  /** The active profile's session; `no active profile` otherwise. */
  session(): Session {
    if (!this.current) {
      throw appError('not_found', 'Нет активного профиля: добавьте профиль API в настройках.', 'There is no active profile: add an API profile in the settings.');
    }
    return this.current;
  }

  sessionOrNull(): Session | null {
    return this.current;
  }

  /** The active session, refusing profiles of the earlier API generation (their routes differ). */
  currentGeneration(): Session {
    return requireCurrent(this.session());
  }

  /** The active session of an earlier-generation profile; `not_supported` for a current-generation one. */
  earlierSession(): EarlierSession {
    const s = this.session();
    if (s.earlier === null) {
      throw appError(
        'not_supported',
        'Этот раздел — для профиля API прежнего поколения (фильтры, избранное, дневные лимиты).',
        'This view is for a profile of the earlier API generation (filters, favorites, daily limits).',
      );
    }
    return s as EarlierSession;
  }

  async profileInfos(): Promise<ProfileInfo[]> {
    const { sandbox, registry, vault } = this.deps;
    const active = this.current?.name ?? null;
    const out: ProfileInfo[] = [];
    if (sandbox) {
      out.push({ name: SANDBOX_PROFILE, baseUrl: sandbox.baseUrl, generation: 'current', builtIn: true, hasToken: true, active: active === SANDBOX_PROFILE });
      out.push({ name: SANDBOX_EARLIER_PROFILE, baseUrl: sandbox.earlierBaseUrl, generation: 'earlier', builtIn: true, hasToken: true, active: active === SANDBOX_EARLIER_PROFILE });
    }
    for (const p of await registry.list()) {
      // A keychain that cannot be asked is not a reason to hide the profile: it shows as having no token.
      const hasToken = await vault.has(p.name).catch(() => false);
      out.push({ name: p.name, baseUrl: p.baseUrl, generation: p.generation, builtIn: false, hasToken, active: active === p.name });
    }
    return out;
  }

  async describe(name: string): Promise<ProfileDescription | null> {
    const { sandbox } = this.deps;
    if (name === SANDBOX_PROFILE && sandbox) return { name, builtIn: true, generation: 'current', baseUrl: sandbox.baseUrl };
    if (name === SANDBOX_EARLIER_PROFILE && sandbox) return { name, builtIn: true, generation: 'earlier', baseUrl: sandbox.earlierBaseUrl };
    const p = await this.deps.registry.get(name).catch(() => null);
    return p ? { name: p.name, builtIn: false, generation: p.generation, baseUrl: p.baseUrl } : null;
  }

  /** Closes the active session (its cache) and opens `next`'s, or none. */
  switchTo(next: ProfileDescription | null): void {
    this.close();
    if (next) this.current = this.open(next);
  }

  close(): void {
    this.current?.cache.close();
    this.current = null;
  }

  private open(p: ProfileDescription): Session {
    const { registry, vault, sandbox } = this.deps;
    const dataDir = registry.dataDir(p.name);
    // A damaged file is moved aside and refused with a message naming it; see damagedCaches.ts.
    const upgrade = this.deps.onCacheUpgrade;
    const cache = openProfileCache(dataDir, upgrade ? { onProgress: (percent) => upgrade(p.name, percent) } : {});
    const token = p.builtIn && sandbox ? () => sandbox.token() : async () => (await vault.get(p.name)) ?? '';
    // One limiter per session: the rate limit is per account, and the probe shares it.
    const limiter = new RateLimiter({ perMinute: this.deps.requestsPerMinute ?? 100, onWait: (ms) => this.deps.onRateWait(ms) });
    // Answers kept in quarantine by an earlier run are read again now (offline), and a paid answer this
    // client cannot read is kept there, never dropped.
    if (p.generation === 'current') reprocessQuarantine(cache);
    const tuning = this.deps.client ?? {};
    const client = currentClient(cache, { baseUrl: p.baseUrl, token, limiter, ...tuning });
    const probeClient = new ApiClient({ baseUrl: p.baseUrl, token, limiter, maxAttempts: 1, timeouts: { headersMs: 5000, bodyMs: 5000 } });
    const earlier =
      p.generation === 'earlier'
        ? {
            workbench: EarlierWorkbench.open(cache, { baseUrl: p.baseUrl, token, ...tuning }),
            probeClient: new EarlierApiClient({ baseUrl: p.baseUrl, token, maxAttempts: 1, maxUnreachableAttempts: 1, timeouts: { headersMs: 5000, bodyMs: 5000 } }),
          }
        : null;
    const current = new CurrentWorkbench({ cache, client, spending: this.deps.spending, ...this.deps.hooks(() => session) });
    const session: Session = { ...p, dataDir, cache, client, probeClient, earlier, current };
    return session;
  }
}
