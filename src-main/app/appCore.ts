/**
 * The app core: every method of the IPC contract over the plain-Node core (API client, cache, sync engine,
 * outbox, audit, vault, profiles, export). It never imports electron: the host (a worker thread under the
 * Electron shell, or the browser-mode server) passes what only it can do in `HostPlatform`, validates
 * arguments with the contract's `parseArgs` before calling a handler, and maps a thrown error with
 * `toIpcError`. Tests create it in-process.
 */
import { statSync } from 'node:fs';
import type { EventName, EventPayload, Handlers } from '../contract/ipc';
import { cacheStats } from '../cache/stats';
import { accessError, isReadOnlyError } from '../cache/fileCheck';
import { ProfileRegistry } from '../profiles/profiles';
import { isAllowedExternalUrl } from '../contract/externalUrl';
import { TokenVault, type KeychainBackend } from '../vault/tokenVault';
import { activateFirstUsable, cacheRepairHandlers, DamageWatch, type StartProblems } from './cacheRepair';
import { calendarHandlers } from './calendar';
import { cardHandlers } from './cards';
import { AppContext, type AppTuning } from './context';
import { contractHandlers } from './contracts';
import { earlierHandlers } from './earlier';
import { appError } from '../domain/appError';
import { listHandlers } from './lists';
import { insightHandlers } from './insights';
import { insightJobHandlers } from './insightJobs';
import { exportHandlers } from './exports';
import { documentHandlers } from './documents';
import type { HostPlatform } from './hostPlatform';
import { moneyHandlers } from './money';
import { profileHandlers } from './profiles';
import { accountLinkHandlers } from './sameAccount';
import { openSandboxProfile, SANDBOX_PROFILE, type SandboxChoice } from '../workspace/sandboxProfile';
import { searchHandlers } from './search';
import { seenHandlers } from './seenMarks';
import { markHandlers } from './marks';
import { triageHandlers } from './triage';
import { notificationHandlers } from './notifications';
import { readSettings, SettingsFile } from '../workspace/settings';
import { teamHandlers } from './team';
import { bindTeamProfile, TeamSyncer } from './teamSyncer';
import { TeamSecretVault } from '../vault/teamSecret';

export type { SandboxChoice } from '../workspace/sandboxProfile';
export type { AppTuning } from './context';
export type { HostPlatform } from './hostPlatform';

export interface AppCoreOptions {
  /** Root data dir (ProfileRegistry root); tests pass a temp dir. */
  dataDir: string;
  sandbox: SandboxChoice;
  platform: HostPlatform;
  env?: NodeJS.ProcessEnv;
  version: string;
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** Tests: a keychain of their own (the app uses the OS keychain through keytar). */
  keychain?: KeychainBackend;
  /** Tests: fast retries and probes. */
  tuning?: AppTuning;
}

export interface AppCore {
  handlers: Handlers;
  close(): Promise<void>;
}

export async function createAppCore(options: AppCoreOptions): Promise<AppCore> {
  const env = options.env ?? process.env;
  const settings = new SettingsFile(options.dataDir, await readSettings(options.dataDir));
  const registry = new ProfileRegistry(options.dataDir);
  const vault = new TokenVault({ env, ...(options.keychain ? { keychain: options.keychain } : {}) });
  // A data folder that cannot be written is named as such (a raw `EACCES … mkdir` or `ENOENT`).
  const sandbox = await openSandboxProfile(options.sandbox, { dataDir: options.dataDir, env }).catch((e: unknown) => {
    throw isReadOnlyError(e) || (e as NodeJS.ErrnoException).code === 'ENOENT' ? accessError(options.dataDir, e) : e;
  });
  let damageWatch: DamageWatch | null = null;
  let teamSyncer: TeamSyncer | null = null;
  const ctx = new AppContext({
    registry,
    vault,
    settings,
    sandbox,
    emit: (event, payload) => {
      options.emit(event, payload);
      // Each profile opened is checked in full in the background; see cacheRepair.ts.
      if (event === 'profiles.changed') damageWatch?.checkActive();
      // A sync job that met a damaged page (it runs outside any call) is handled like a call that did.
      if (event === 'sync.progress' && (payload as EventPayload<'sync.progress'>).error?.code === 'cache_damaged') damageWatch?.jobMetDamage();
      // A job that stored versions brings them to the team when it ends, in any state (a cap, a stop, a
      // failure keep what was stored); another profile stops a team run.
      if (event === 'sync.progress') teamSyncer?.jobProgress(payload as EventPayload<'sync.progress'>);
      if (event === 'profiles.changed') void teamSyncer?.stop();
    },
    tuning: options.tuning ?? {},
    rootDir: options.dataDir,
    // Versions stored outside a job (a search's first pages, a list, a card) go to the team too.
    onVersionsStored: (cache) => teamSyncer?.versionsStored(cache),
  });

  // The profile of the last session, else the sandbox (a first start shows data at once), else the first one.
  const wanted = settings.value.activeProfile;
  const names = (await ctx.profileInfos().catch(() => [])).map((p) => p.name);
  const initial = wanted && names.includes(wanted) ? wanted : sandbox ? SANDBOX_PROFILE : (names[0] ?? null);
  // A profile whose cache cannot be opened no longer stops the start: the sandbox, else another
  // profile, else none, and `cache.damaged` tells the user which file and where it went.
  const startProblems: StartProblems = { access: [] };
  try {
    await activateFirstUsable(ctx, [initial, sandbox ? SANDBOX_PROFILE : null, ...names], wanted, startProblems);
  } catch (e) {
    await sandbox?.close();
    throw e;
  }
  damageWatch = new DamageWatch(ctx);
  damageWatch.checkActive();
  const teamSecrets = new TeamSecretVault({ env, ...(options.keychain ? { keychain: options.keychain } : {}) });
  teamSyncer = new TeamSyncer({
    settings,
    secrets: teamSecrets,
    session: () => ctx.sessionOrNull(),
    locale: () => ctx.locale,
    emit: (event, payload) => options.emit(event, payload),
    // A teammate's newer version of a marked tender is news like one a card fetch brings.
    onVersionsStored: (cache, items) => ctx.notifications.versionsStored(cache, items),
    // The ledger reaches the team without an audit first (free; offline the run goes on without it).
    refreshLedger: (session) => (ctx.online && session.generation === 'current' ? session.current.money.pullLedger() : Promise.reject(new Error('offline'))),
  });
  // A connection saved before it belonged to a profile: to the one active at this first start (not the sandbox).
  await bindTeamProfile(settings, ctx.sessionOrNull()?.name ?? null);

  const handlers: Handlers = {
    'app.info': async () => {
      if (!ctx.online) void ctx.connectivity.probeNow();
      return {
        version: options.version,
        locale: ctx.locale,
        mode: options.platform.mode,
        activeProfile: await ctx.activeProfileInfo(),
        online: ctx.online,
        pendingEdits: ctx.pendingEdits(),
        dataDir: options.dataDir,
      };
    },
    'app.setLocale': async ({ locale }) => {
      await settings.update({ locale });
      return { locale };
    },
    'ui.theme': async () => ({ theme: settings.value.theme }),
    'ui.setTheme': async ({ theme }) => {
      await settings.update({ theme });
      return { theme };
    },
    'ui.columnLayouts': async () => settings.value.columnLayouts,
    'ui.setColumnLayout': async ({ table, layout }) => {
      const columnLayouts = { ...settings.value.columnLayouts };
      if (layout === null) delete columnLayouts[table];
      else columnLayouts[table] = layout;
      await settings.update({ columnLayouts });
      return { saved: true };
    },
    'app.openExternal': async ({ url }) => {
      if (!isAllowedExternalUrl(url)) {
        throw appError('invalid_input', 'Открываются только ссылки https.', 'Only https links are opened.');
      }
      return { opened: await options.platform.openExternal(url) };
    },
    'cache.info': async () => {
      const session = ctx.session();
      const s = cacheStats(session.cache);
      const size = (f: string): number => {
        try {
          return statSync(f).size;
        } catch {
          return 0;
        }
      };
      return {
        path: session.cache.file,
        sizeBytes: size(session.cache.file) + size(`${session.cache.file}-wal`),
        tenders: s.objects.tender,
        tenderVersions: s.versions.tender,
        contracts: s.objects.contract,
        contractVersions: s.versions.contract,
        cards: s.cachedCards,
      };
    },
    ...profileHandlers(ctx),
    ...accountLinkHandlers(ctx),
    ...searchHandlers(ctx),
    ...seenHandlers(ctx),
    ...markHandlers(ctx),
    ...triageHandlers(ctx),
    ...notificationHandlers(ctx),
    ...cardHandlers(ctx),
    ...contractHandlers(ctx),
    ...listHandlers(ctx, options.platform),
    ...moneyHandlers(ctx),
    ...earlierHandlers(ctx, options.platform),
    ...exportHandlers(ctx, options.platform),
    ...insightHandlers(ctx, options.platform),
    ...insightJobHandlers(ctx),
    ...calendarHandlers(ctx, options.platform),
    ...documentHandlers(ctx, options.platform),
    ...cacheRepairHandlers(ctx, startProblems),
    ...teamHandlers(ctx, teamSyncer, teamSecrets),
  };

  let closed: Promise<void> | null = null;
  return {
    handlers: damageWatch.guard(handlers),
    close: () =>
      (closed ??= (async () => {
        damageWatch?.stop();
        await teamSyncer?.close();
        await ctx.close();
        await sandbox?.close();
      })()),
  };
}
