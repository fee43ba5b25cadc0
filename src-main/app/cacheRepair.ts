/**
 * A damaged cache must not brick the app:
 * - at start, a profile whose cache cannot be opened is passed over for the built-in sandbox (else another
 *   profile, else none), and the reason stays listed for the notice (`cache.damaged`);
 * - a damage met during a call (SQLITE_CORRUPT), or by the full check in the background, closes that profile's
 *   cache, switches to the sandbox, moves the file aside and answers `cache_damaged` naming it, instead of
 *   "Internal error" on every call after;
 * - `cache.rebuild` opens a new cache for the profile, copies in what the old file still gives, and reads the
 *   saved searches again from the server (already paid versions come free), under the spend guard.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Handlers, MethodName, ProfileInfo } from '../contract/ipc';
import { pick, type Text } from '../i18n/text';
import { CacheAccessError, DamagedCacheError } from '../cache/damage';
import { isDamageError } from '../cache/fileCheck';
import { diskFullIn } from '../cache/diskSpace';
import { startIntegrityCheck, type IntegrityCheck } from '../cache/integrityCheck';
import { heldPerFilter, salvageInto } from '../cache/salvage';
import { searchStore } from '../cache/searchStore';
import { isApiError } from '../api/errors';
import type { AppContext, Session } from './context';
import { CACHE_FILE, damageNoteOf, errorOfNote, isCacheOpenFailure, quarantineCache, takeDamageNote, unreadableNoteError } from '../workspace/damagedCaches';
import { AppError, appError } from '../domain/appError';
import { planSpend, spendPlanInput } from '../current/spendGuard';
import { SANDBOX_EARLIER_PROFILE, SANDBOX_PROFILE } from '../workspace/sandboxProfile';
import { savedSearchNameOf } from '../i18n/criteriaSummary';

/**
 * Problems met at start that are not damage notes on disk, kept for the notice: a read-only folder, or a
 * damaged file that could not be moved aside (its folder cannot be written).
 */
export interface StartProblems {
  access: { profile: string; error: CacheAccessError | DamagedCacheError }[];
}

/**
 * Activates the first profile of `order` whose cache opens. A failure other than a cache that cannot be
 * opened is thrown as before; when none opens, the app starts with no active profile.
 */
export async function activateFirstUsable(ctx: AppContext, order: (string | null)[], wanted: string | null, problems: StartProblems): Promise<void> {
  const tried = new Set<string | null>();
  for (const name of order) {
    if (tried.has(name)) continue;
    tried.add(name);
    try {
      await ctx.activate(name, { persist: name !== wanted, announce: false });
      return;
    } catch (e) {
      if (!isCacheOpenFailure(e)) throw e;
      // A lost note is listed from the folder by cache.damaged (rebuildable), not as a file left in place.
      const unmoved = e instanceof DamagedCacheError && e.movedTo === null && e.reason !== 'note_unreadable';
      if ((e instanceof CacheAccessError || unmoved) && name !== null) problems.access.push({ profile: name, error: e });
    }
  }
  await ctx.activate(null, { persist: false, announce: false });
}

/**
 * A damage found after the open: during a call (SQLITE_CORRUPT), or by the full check that runs in the
 * background after each activation (integrityCheck.ts). Either way the profile's cache is closed by a switch
 * to the sandbox (else no profile), the file is moved aside with its note, and `profiles.changed` lets the
 * renderer show the notice.
 */
export class DamageWatch {
  private readonly handling = new WeakMap<Session, Promise<DamagedCacheError>>();
  private check: IntegrityCheck | null = null;

  constructor(private readonly ctx: AppContext) {}

  /** Switches away from `session`, moves its file aside; answers the error naming both places (once per session). */
  damaged(session: Session, detail: string): Promise<DamagedCacheError> {
    let done = this.handling.get(session);
    if (!done) {
      done = (async () => {
        const ctx = this.ctx;
        // The sandbox (its other generation when the sandbox itself is damaged), else no profile.
        const fallback = ctx.sandbox ? ([SANDBOX_PROFILE, SANDBOX_EARLIER_PROFILE].find((n) => n !== session.name) ?? null) : null;
        // The switch closes the damaged cache first (its close tolerates the damage), so the file can be moved.
        await ctx.activate(fallback).catch(() => ctx.activate(null));
        return quarantineCache(session.dataDir, new DamagedCacheError(session.cache.file, 'corrupt', detail));
      })();
      this.handling.set(session, done);
    }
    return done;
  }

  /** Starts the full check of the active profile's cache (a check of the previous one is stopped). */
  checkActive(): void {
    this.check?.stop();
    const session = this.ctx.sessionOrNull();
    if (!session) return;
    const check = startIntegrityCheck(session.cache.file);
    this.check = check;
    void check.done.then(async (problems) => {
      if (problems.length === 0 || this.ctx.sessionOrNull() !== session) return;
      await this.damaged(session, problems.join('; ')).catch(() => undefined);
    });
  }

  /** A sync job of the active profile failed on a damaged page. */
  jobMetDamage(): void {
    const session = this.ctx.sessionOrNull();
    if (session) void this.damaged(session, 'a sync job met a damaged page').catch(() => undefined);
  }

  stop(): void {
    this.check?.stop();
    this.check = null;
  }

  /** Every handler, with a damage met during the call turned into the switch and the clear error. */
  guard(handlers: Handlers): Handlers {
    const guarded = { ...handlers } as Record<MethodName, (args: unknown) => Promise<unknown>>;
    for (const name of Object.keys(handlers) as MethodName[]) {
      const handler = handlers[name] as (args: unknown) => Promise<unknown>;
      guarded[name] = async (args: unknown) => {
        const session = this.ctx.sessionOrNull();
        try {
          return await handler(args);
        } catch (e) {
          if (!session) throw e;
          // A full disk is never damage; SQLite says some of its writes as a «disk I/O error».
          if (!isDamageError(e)) throw diskFullIn(e, session.dataDir) ?? e;
          throw await this.damaged(session, (e as Error).message);
        }
      };
    }
    return guarded as unknown as Handlers;
  }
}

const NOTHING_TO_REBUILD = (name: string): Text => ({
  ru: `У профиля «${name}» нет повреждённого кэша: собирать заново нечего.`,
  en: `The profile "${name}" has no damaged cache: there is nothing to rebuild.`,
});

/**
 * Reads every saved search again from the start (the new cache has no cursors): versions already paid for come
 * with `billed: false`. Each run is planned by the spend guard like any other, with the estimate counting what
 * the old file held for the search as already paid; a run that would need consent is not started but named.
 */
async function readSavedAgain(ctx: AppContext, heldBefore: Map<string, number>): Promise<{ jobs: string[]; notStarted: string[] }> {
  const session = ctx.currentGeneration();
  const jobs: string[] = [];
  const notStarted: string[] = [];
  for (const s of searchStore(session.cache).list()) {
    try {
      const e = await session.current.feedEstimate('tender', { filter_id: s.filterId });
      const total = e.spend.total;
      const limit = planSpend(spendPlanInput(ctx.settings.value.spending, session.cache, total === null ? null : Math.max(0, total - (heldBefore.get(s.filterId) ?? 0))));
      jobs.push(ctx.startJob({ filterId: s.filterId, label: s.label, feeds: ['tender'], streams: [...s.events], maxSpend: limit.cap, spendLimit: limit, follow: false }));
    } catch (e) {
      // Consent needed, a used-up budget, no network or no valid token: left for the user to sync, named here.
      notStarted.push(savedSearchNameOf(s, ctx.locale));
      if (!(e instanceof AppError) && !isApiError(e)) throw e;
    }
  }
  return { jobs, notStarted };
}

export function cacheRepairHandlers(ctx: AppContext, problems: StartProblems): Pick<Handlers, 'cache.damaged' | 'cache.rebuild'> {
  return {
    'cache.damaged': async () => {
      const names = (await ctx.profileInfos().catch((): ProfileInfo[] => [])).map((p) => p.name);
      const out: Awaited<ReturnType<Handlers['cache.damaged']>> = [];
      for (const profile of names) {
        const dataDir = ctx.registry.dataDir(profile);
        const state = damageNoteOf(dataDir);
        if (state.kind === 'none' || existsSync(path.join(dataDir, CACHE_FILE))) continue;
        // A note that cannot be read is a damaged cache too: the profile waits for the user's rebuild.
        const error = state.kind === 'note' ? errorOfNote(state.note) : unreadableNoteError(dataDir, state.why);
        out.push({ profile, file: error.file, movedTo: error.movedTo, message: pick(error.text, ctx.locale), rebuildable: true });
      }
      for (const { profile, error } of problems.access) {
        const file = error instanceof CacheAccessError ? error.where : error.file;
        out.push({ profile, file, movedTo: null, message: pick(error.text, ctx.locale), rebuildable: false });
      }
      return out;
    },

    'cache.rebuild': async ({ name }) => {
      if (!(await ctx.profileInfos()).some((p) => p.name === name)) throw appError('not_found', `Профиля «${name}» нет.`, `There is no profile "${name}".`);
      const dataDir = ctx.registry.dataDir(name);
      const source = takeDamageNote(dataDir);
      if (!source) throw appError('not_found', NOTHING_TO_REBUILD(name).ru, NOTHING_TO_REBUILD(name).en);
      await ctx.activate(name);
      const from = source.movedTo;
      const recovered = from ? salvageInto(ctx.session().cache, from) : { savedSearches: 0, lists: 0, listItems: 0, pendingEdits: 0 };
      const profile = await ctx.activeProfileInfo();
      if (!profile) throw appError('internal', 'Профиль не открылся.', 'The profile did not open.');
      const resync = ctx.session().generation === 'current' ? await readSavedAgain(ctx, from ? heldPerFilter(from) : new Map()) : { jobs: [], notStarted: [] };
      return { profile, recovered, ...resync };
    },
  };
}
