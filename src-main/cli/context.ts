/**
 * What every command may need, opened lazily so `tenderwb profile list` touches neither the network nor
 * the keychain: the profile registry, the token vault, the API client and the profile's cache.
 *
 * The app's built-in profiles (`sandbox`, `sandbox-earlier`) are not in profiles.json: the app adds them while
 * its embedded sandbox runs. Their caches live in the same data root, so a built-in profile whose cache exists
 * is listed and read here (offline commands: marks, cache, analytics, export); a command that needs the API
 * says in one sentence that the sandbox runs only inside the app.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { ProfileRegistry, type Profile } from '../profiles/profiles';
import { resolveRootDir } from '../profiles/rootDir';
import { TokenVault } from '../vault/tokenVault';
import type { ApiClient } from '../api/client';
import { RateLimiter } from '../api/rateLimiter';
import { CliError, type Output } from './output';
import type { CacheDb } from '../cache/database';
import type { Salvaged } from '../cache/salvage';
import { CACHE_FILE } from '../cache/cacheFileName';
import { DamagedCacheError } from '../cache/damage';
import type { EarlierWorkbench } from '../earlier/index';
import type { CurrentWorkbench } from '../current/index';
import { isBuiltInName, SANDBOX_EARLIER_PROFILE, SANDBOX_PROFILE } from '../workspace/builtInProfiles';
import { cacheUpgradeText } from '../i18n/cacheUpgrade';
import { cliReloginText } from '../i18n/reloginText';
import type { Locale, Text } from '../i18n/text';
import type { DocumentSettings } from '../contract/settingsShapes';

/**
 * The cache's, the API client's and the workbenches' modules are imported when a command first asks for them
 *: `tenderwb profile list` and `--help` load neither SQLite nor the API's schemas. The cache's module
 * is kept once loaded, for damagedDuringCommand, which must move a damaged file aside without awaiting.
 */
const cacheModule = () => import('../workspace/damagedCaches');
const readSettings = async (rootDir: string) => (await import('../workspace/settings')).readSettings(rootDir);

export type GlobalOptions = { dataDir?: string; profile?: string; json: boolean };

export class CliContext {
  readonly registry: ProfileRegistry;
  readonly vault: TokenVault;
  private profileCache: Profile | null = null;
  private clientCache: ApiClient | null = null;
  private currentCache: CurrentWorkbench | null = null;
  private earlierCache: EarlierWorkbench | null = null;
  private cacheDb: CacheDb | null = null;
  private caches: Awaited<ReturnType<typeof cacheModule>> | null = null;
  private readonly closers: (() => void)[] = [];

  /**
   * The one language of this run (the app's choice in settings.json, Russian by default): every line the CLI
   * writes for a person, its errors and its help are in it (no English and Russian in one run).
   */
  readonly locale: Locale;

  constructor(
    readonly out: Output,
    readonly options: GlobalOptions,
    env: NodeJS.ProcessEnv = process.env,
    locale: Locale = 'ru',
  ) {
    this.locale = locale;
    const root = options.dataDir ?? resolveRootDir(env, process.platform, homedir());
    this.registry = new ProfileRegistry(root);
    this.vault = new TokenVault({ env });
  }

  /**
   * The app's built-in profiles whose cache this data root holds (the app used them), `sandbox` first. They
   * have no base URL here: the sandbox they talk to is embedded in the app and runs only while it does.
   */
  builtInProfiles(): Profile[] {
    return [
      { name: SANDBOX_PROFILE, generation: 'current' as const },
      { name: SANDBOX_EARLIER_PROFILE, generation: 'earlier' as const },
    ]
      .filter((p) => existsSync(join(this.registry.dataDir(p.name), CACHE_FILE)))
      .map((p) => ({ ...p, baseUrl: '', createdAt: '' }));
  }

  /** The sentence in the run's language. */
  tr(ru: string, en: string): string {
    return this.locale === 'en' ? en : ru;
  }

  /**
   * The profile named by --profile; else the default one: `profile use NAME` (settings.json's cliProfile), else
   * the first one added (a second profile no longer stops every command without --profile); with none,
   * the app's built-in sandbox when this data root holds its cache.
   */
  async profile(): Promise<Profile> {
    if (this.profileCache) return this.profileCache;
    if (this.options.profile) {
      const wanted = this.options.profile;
      const p = (await this.registry.get(wanted)) ?? (isBuiltInName(wanted) ? (this.builtInProfiles().find((b) => b.name === wanted.toLowerCase()) ?? null) : null);
      if (!p) throw new CliError({ ru: `профиля «${wanted}» нет; профили: tenderwb profile list`, en: `no profile "${wanted}"; see "tenderwb profile list"` });
      this.profileCache = p;
      return p;
    }
    const all = await this.registry.list();
    if (all.length === 0) {
      const builtIn = this.builtInProfiles()[0];
      if (builtIn === undefined) {
        throw new CliError({
          ru: 'профилей ещё нет: войдите (tenderwb login --base-url URL --login ЛОГИН) или добавьте профиль (tenderwb profile add ИМЯ --base-url URL --token-stdin)',
          en: 'no profile yet: log in ("tenderwb login --base-url URL --login LOGIN") or add one ("tenderwb profile add NAME --base-url URL --token-stdin")',
        });
      }
      this.profileCache = builtIn;
      return builtIn;
    }
    this.profileCache = await this.defaultProfile(all);
    return this.profileCache;
  }

  /** The default among the registered profiles: the one `profile use` chose while it exists, else the first. */
  async defaultProfile(all: readonly Profile[]): Promise<Profile> {
    const { cliProfile } = await readSettings(this.registry.rootDir);
    const chosen = cliProfile ? all.find((p) => p.name.toLowerCase() === cliProfile.toLowerCase()) : undefined;
    return chosen ?? all[0]!;
  }

  /** The profile's generation, or null when no single profile can be chosen (the command then says why). */
  async generation(): Promise<'current' | 'earlier' | null> {
    try {
      return (await this.profile()).generation;
    } catch {
      return null;
    }
  }

  async client(): Promise<ApiClient> {
    if (this.clientCache) return this.clientCache;
    const profile = await this.profile();
    if (profile.generation !== 'current') {
      throw new CliError({ ru: `профиль «${profile.name}» — раннего поколения API, а эта команда для текущего`, en: `profile "${profile.name}" uses the earlier API generation, which this command does not support` });
    }
    const token = await this.token(profile.name);
    const { currentClient } = await import('../current/index');
    this.clientCache = currentClient(await this.cache(), { baseUrl: profile.baseUrl, token: () => token, limiter: new RateLimiter({ perMinute: 100 }) });
    return this.clientCache;
  }

  /**
   * The current generation's core for a `current` profile, over its cache and client, under the money settings
   * of the data root (the app's settings.json). Calls go straight to the client; reads run in the foreground.
   */
  async current(): Promise<CurrentWorkbench> {
    if (this.currentCache) return this.currentCache;
    const client = await this.client();
    const { spending } = await readSettings(this.registry.rootDir);
    const { CurrentWorkbench } = await import('../current/index');
    this.currentCache = new CurrentWorkbench({ cache: await this.cache(), client, spending: () => spending });
    return this.currentCache;
  }

  /**
   * The triage settings of the data root (the app's settings.json, Settings → «Разбор»): whether a teammate's
   * statuses train the model, for `triage` and `sync --follow`'s relevance threshold as in the app.
   */
  async triageSettings(): Promise<{ teammates: boolean }> {
    return (await readSettings(this.registry.rootDir)).triage;
  }

  /**
   * The documents settings of the data root (the app's settings.json, Settings → «Документы»), read by the app's
   * own reader: what `docs fetch --auto` and `sync` download on their own, and the size limits of every download.
   */
  async documentSettings(): Promise<DocumentSettings> {
    return (await readSettings(this.registry.rootDir)).documents;
  }

  /**
   * The earlier generation's core for an `earlier` profile: its own client (X-API-Token, page numbers, the
   * profile's base URL) over the profile's own cache. The token is read from the vault only when a request
   * is about to be sent, so what the cache can answer works with no token and no network.
   */
  async earlier(): Promise<EarlierWorkbench> {
    if (this.earlierCache) return this.earlierCache;
    const profile = await this.profile();
    if (profile.generation !== 'earlier') {
      throw new CliError({ ru: `профиль «${profile.name}» — текущего поколения API, а эта команда для профилей раннего поколения`, en: `profile "${profile.name}" uses the current API generation; this command is for earlier-generation profiles` });
    }
    let token: string | null = null;
    const { EarlierWorkbench } = await import('../earlier/index');
    this.earlierCache = EarlierWorkbench.open(await this.cache(), {
      baseUrl: profile.baseUrl,
      token: async () => (token ??= await this.token(profile.name)),
      limiter: new RateLimiter({ perMinute: 100 }),
    });
    return this.earlierCache;
  }

  private async token(name: string): Promise<string> {
    if (isBuiltInName(name) && !(await this.registry.get(name))) {
      throw new CliError({
        en: `the built-in profile "${name}" talks to the sandbox embedded in the app, which runs only while the app does: here its cache answers offline commands (marks, cache, analytics, export); for this command use the app, or add a profile with "tenderwb profile add NAME --base-url URL --token-stdin"`,
        ru: `встроенный профиль «${name}» работает с песочницей, встроенной в приложение, и она запущена, только пока открыто приложение: здесь его кэш отвечает на офлайн-команды (marks, cache, analytics, export); эту команду выполните в приложении или добавьте профиль: tenderwb profile add ИМЯ --base-url URL --token-stdin`,
      });
    }
    const token = await this.vault.get(name);
    if (!token) {
      throw new CliError({
        ru: `у профиля «${name}» нет токена API: войдите (tenderwb login) или задайте его (tenderwb profile add ${name} --base-url URL --token-stdin, или переменная TENDERWB_TOKEN)`,
        en: `no API token for profile "${name}": set one with "tenderwb profile add ${name} --base-url URL --token-stdin" or TENDERWB_TOKEN`,
      });
    }
    return token;
  }

  /**
   * What to do when the service refused this profile's token: the exact login command for it, or the
   * variable to fix when the token came from TENDERWB_TOKEN. Null when no profile was chosen.
   */
  async reloginText(): Promise<Text | null> {
    const profile = this.profileCache;
    if (!profile || !profile.baseUrl) return null;
    const same = profile.generation === 'earlier' && profile.sameAccountAs ? await this.registry.get(profile.sameAccountAs).catch(() => null) : null;
    return cliReloginText({
      name: profile.name,
      generation: profile.generation,
      baseUrl: profile.baseUrl,
      loginUrl: same?.generation === 'current' ? same.baseUrl : null,
      tokenFromEnv: this.vault.envOverrideActive(),
    });
  }

  async dataDir(): Promise<string> {
    return this.registry.dataDir((await this.profile()).name);
  }

  async cacheFile(): Promise<string> {
    return join(await this.dataDir(), 'cache.db');
  }

  /** The profile's cache, migrated and open until the command ends. */
  async cache(): Promise<CacheDb> {
    if (this.cacheDb) return this.cacheDb;
    // A damaged file is moved aside and refused with a message naming it, as in the app.
    const dataDir = await this.dataDir();
    // The first open after an update may fill new tables from a large cache for minutes: a line on stderr
    // (a terminal only, as other progress) says how far it is.
    const onProgress = (percent: number): void => {
      this.out.progress(cacheUpgradeText(percent, this.locale), percent / 100);
      if (percent === 100) this.out.endProgress();
    };
    this.caches ??= await cacheModule();
    const cache = this.caches.openProfileCache(dataDir, { onProgress });
    this.cacheDb = cache;
    this.onClose(() => cache.close());
    // Answers an earlier run kept in quarantine are read again by this (perhaps newer) client, offline. The API's
    // schemas that read them are loaded only when one is waiting: `cache search` must not build them for nothing.
    if ((await this.profile()).generation === 'current' && (await import('../cache/quarantineStore')).quarantineStore(cache).hasPending()) {
      (await import('../sync/quarantine')).reprocessQuarantine(cache);
    }
    return cache;
  }

  /**
   * A new cache for a profile whose damaged cache was moved aside, with what the old file still gives copied
   * in (saved searches, lists, pending edits). Null when there is nothing to rebuild.
   */
  async rebuildCache(): Promise<{ movedTo: string | null; recovered: Salvaged } | null> {
    const dataDir = await this.dataDir();
    // A note that cannot be read counts too: the source is then the newest file moved aside, if any.
    const source = (this.caches ??= await cacheModule()).takeDamageNote(dataDir);
    if (!source) return null;
    const cache = await this.cache();
    return { movedTo: source.movedTo, recovered: source.movedTo ? (await import('../cache/salvage')).salvageInto(cache, source.movedTo) : { savedSearches: 0, lists: 0, listItems: 0, pendingEdits: 0 } };
  }

  /**
   * A damage met during the command (a large file is not read whole at open): the cache is closed and its file
   * moved aside like at open; answers the error naming both places, or null with no cache open.
   */
  damagedDuringCommand(error: Error): DamagedCacheError | null {
    const cache = this.cacheDb;
    if (!cache || !this.caches) return null;
    this.cacheDb = null;
    cache.close(); // tolerates the damage; the closer registered at open then finds it closed
    return this.caches.quarantineCache(dirname(cache.file), new DamagedCacheError(cache.file, 'corrupt', error.message));
  }

  /** The folder of the cache this command opened, or null (none opened, or it was moved aside). */
  openCacheFolder(): string | null {
    return this.cacheDb ? dirname(this.cacheDb.file) : null;
  }

  onClose(fn: () => void): void {
    this.closers.push(fn);
  }

  close(): void {
    for (const fn of this.closers.splice(0).reverse()) fn();
  }
}
