/**
 * Profiles and their data directories.
 *
 * A profile is one API endpoint the user works with: `{ name, baseUrl, generation, createdAt }`. The registry
 * lives in `<root>/profiles.json`; each profile owns `<root>/profiles/<name>/` (its cache.db lives there).
 * The root is `TENDERWB_DATA_DIR` or the platform's data directory (see `resolveRootDir`).
 *
 * Rules this module keeps:
 * - profiles.json is parsed with a schema on every read; a file that does not parse is reported with its path
 *   and is never overwritten (a later `add`/`remove` refuses to run until the user fixes or moves it).
 * - Writes go to a temporary file in the same directory, are flushed, then renamed over the registry, so a
 *   crash leaves either the old or the new file, never half of one.
 * - The API token is not a profile field: it lives in the OS keychain (src-main/vault). `add` refuses input
 *   that carries a token, and only the known fields are ever written.
 * - Names are 1–64 letters of any script (Cyrillic included), digits, `.`, `_` and `-` (the IPC contract's
 *   rule), in Unicode composed form: no `.`/`..`, no leading or trailing dot, no Windows device names, unique
 *   regardless of case (macOS and Windows file systems ignore case).
 * - The data directory: a name of `[A-Za-z0-9._-]` only is its own folder name (as before: existing
 *   profiles keep their folders). Any other name gets a derived one, `<transliteration>~<hash>` (see
 *   `dataDirName`): only ASCII letters, digits and `-`, so no path traversal and no file-system trouble; the
 *   `~`, which an ASCII name cannot contain, keeps it from ever equalling an ASCII name's folder.
 *
 * Mutations of one registry object are serialized; two processes writing the same registry at once are not
 * coordinated (the app runs as a single instance).
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { mkdir, open, readFile, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import slugify from 'slugify';
import { z } from 'zod';

export const PROFILES_FILE = 'profiles.json';
export const PROFILES_SUBDIR = 'profiles';
const REGISTRY_FORMAT = 1;

export type ApiGeneration = 'current' | 'earlier';

export interface Profile {
  name: string;
  baseUrl: string;
  generation: ApiGeneration;
  /** ISO-8601 UTC timestamp. */
  createdAt: string;
  /**
   * A profile of the earlier generation: the current-generation profile of the same account, as the user said
   * (neither API names an account, D-ACC-1). Absent: not known to share an account with any profile.
   */
  sameAccountAs?: string;
}

export interface NewProfile {
  name: string;
  baseUrl: string;
  generation: ApiGeneration;
}

export type ProfileErrorCode =
  | 'invalid_profile_name'
  | 'invalid_base_url'
  | 'invalid_profile'
  | 'profile_exists'
  | 'profile_not_found'
  | 'registry_corrupt'
  | 'registry_io';

/** Every error of this module: a stable `code` and a message a user can act on. */
export class ProfileError extends Error {
  override readonly name = 'ProfileError';
  /** The file it failed on, when one (registry_io): a folder in the registry's place is then named. */
  readonly path: string | undefined;
  constructor(
    readonly code: ProfileErrorCode,
    message: string,
    options?: { cause?: unknown; path?: string },
  ) {
    super(message, options);
    this.path = options?.path;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------------------

const NAME_PATTERN = /^[\p{L}\p{N}._-]{1,64}$/u;
/** Names that were the only ones allowed before Cyrillic: their folder is the name itself. */
const ASCII_NAME = /^[A-Za-z0-9._-]{1,64}$/;
/** Device names Windows reserves in any directory, with or without an extension. */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/** Why `name` cannot be a profile name, in both languages (the CLI says it in the run's), or null when it can. */
export function profileNameProblemText(name: unknown): { ru: string; en: string } | null {
  if (typeof name !== 'string' || name.length === 0) return { ru: 'имя пустое', en: 'the name is empty' };
  if (name.length > 64) return { ru: 'имя длиннее 64 символов', en: 'the name is longer than 64 characters' };
  if (!NAME_PATTERN.test(name)) {
    return { ru: 'используйте только буквы (латиницу или кириллицу), цифры, точку, подчёркивание и дефис', en: 'use only letters (Latin or Cyrillic), digits, dot, underscore and hyphen' };
  }
  // "й" typed as "и" + a combining breve would be another name (and keychain account) than the usual "й".
  if (name.normalize('NFC') !== name) return { ru: 'имя не в составной форме Unicode (NFC)', en: 'the name is not in composed Unicode form (NFC)' };
  if (name.startsWith('.') || name.endsWith('.')) return { ru: 'имя не может начинаться или заканчиваться точкой', en: 'the name may not start or end with a dot' };
  if (WINDOWS_RESERVED.test(name)) return { ru: 'это имя устройства, зарезервированное Windows', en: 'the name is a device name reserved by Windows' };
  return null;
}

/** Why `name` cannot be a profile name, or null when it can. */
export function profileNameProblem(name: unknown): string | null {
  return profileNameProblemText(name)?.en ?? null;
}

export function isValidProfileName(name: unknown): name is string {
  return profileNameProblem(name) === null;
}

/**
 * The folder of a profile's data under `<root>/profiles`. An ASCII name is its own folder (what every
 * profile had before other scripts were allowed). Another name becomes its transliteration (slugify's
 * character map: «Закупки Москва» → `zakupki-moskva`, at most 40 characters, `profile` when nothing is left)
 * and `~` and 10 hex digits of the SHA-256 of the lower-cased name: names that differ only in case share a
 * folder (they cannot coexist anyway), any two others have different ones.
 */
export function dataDirName(name: string): string {
  assertProfileName(name);
  if (ASCII_NAME.test(name)) return name;
  const lower = name.toLowerCase();
  const slug = slugify(lower, { lower: true, strict: true, locale: 'ru' }).replace(/[^a-z0-9-]/g, '').slice(0, 40).replace(/^-+|-+$/g, '');
  const hash = createHash('sha256').update(lower, 'utf8').digest('hex').slice(0, 10);
  return `${slug === '' ? 'profile' : slug}~${hash}`;
}

export function assertProfileName(name: unknown): asserts name is string {
  const problem = profileNameProblem(name);
  if (problem !== null) {
    // The offending name is echoed only as JSON (it is user input, never a secret) so control characters show.
    const shown = typeof name === 'string' ? JSON.stringify(name.slice(0, 80)) : typeof name;
    throw new ProfileError(
      'invalid_profile_name',
      `Недопустимое имя профиля ${shown}: ${problem}. Invalid profile name ${shown}: ${problem}.`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------
// Base URL
// ---------------------------------------------------------------------------------------------------------

/**
 * Validates and normalizes an API base URL: http or https, a host, no user name or password (a token goes to
 * the keychain, never into a URL), no query or fragment. The path is kept; trailing slashes are dropped, so
 * `https://api.example.ru/api/v2/` becomes `https://api.example.ru/api/v2`.
 */
export function normalizeBaseUrl(input: string): string {
  const fail = (ru: string, en: string): never => {
    throw new ProfileError('invalid_base_url', `Недопустимый адрес API: ${ru}. Invalid API base URL: ${en}.`);
  };
  if (typeof input !== 'string' || input.trim() === '') fail('адрес пуст', 'the address is empty');
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return fail('это не полный адрес (например, https://host/api/v2)', 'not an absolute URL (expected e.g. https://host/api/v2)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(`поддерживаются только http и https, а не ${url.protocol}`, `only http and https are supported, not ${url.protocol}`);
  if (url.username !== '' || url.password !== '') {
    fail('логин и пароль в адресе не допускаются: токен хранится в системном хранилище паролей', 'credentials in the URL are not allowed; the token is kept in the system keychain');
  }
  if (url.hostname === '') fail('в адресе нет хоста', 'the URL has no host');
  if (url.search !== '' || url.hash !== '') fail('у базового адреса не бывает параметров и фрагмента', 'a base URL has no query string or fragment');
  const pathname = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${pathname}`;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Advice about a valid base URL that is nevertheless probably not what the user meant. Empty when all is well.
 * Not errors: a proxy or a test server may legitimately differ.
 */
export function baseUrlWarnings(baseUrl: string, generation: ApiGeneration): { ru: string; en: string }[] {
  const warnings: { ru: string; en: string }[] = [];
  const url = new URL(baseUrl);
  if (generation === 'current' && !/\/api\/v2$/.test(url.pathname)) {
    warnings.push({ ru: 'Текущее поколение API обычно находится по адресу …/api/v2.', en: 'The current API generation is usually served under …/api/v2.' });
  }
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    warnings.push({ ru: 'По http токен API передаётся без шифрования; вне этого компьютера используйте https.', en: 'Plain http sends the API token unencrypted; use https outside this computer.' });
  }
  return warnings;
}

// ---------------------------------------------------------------------------------------------------------
// Root directory
// ---------------------------------------------------------------------------------------------------------

export { resolveRootDir } from './rootDir';

// ---------------------------------------------------------------------------------------------------------
// Registry file
// ---------------------------------------------------------------------------------------------------------

const ProfileNameSchema = z.string().refine(isValidProfileName, { message: 'invalid profile name' });

const StoredProfileSchema = z.object({
  name: ProfileNameSchema,
  baseUrl: z.string().refine(
    (value) => {
      try {
        return normalizeBaseUrl(value) === value;
      } catch {
        return false;
      }
    },
    { message: 'invalid or non-normalized base URL' },
  ),
  generation: z.enum(['current', 'earlier']),
  createdAt: z.iso.datetime(),
  sameAccountAs: ProfileNameSchema.optional(),
});

const RegistryFileSchema = z
  .object({
    format: z.literal(REGISTRY_FORMAT),
    profiles: z.array(StoredProfileSchema),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.profiles.forEach((profile, index) => {
      const key = profile.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['profiles', index, 'name'], message: 'duplicate profile name' });
      seen.add(key);
    });
  });

/** What `add` accepts: exactly these keys, so a stray `token` is refused rather than written to disk. */
const NewProfileSchema = z.strictObject({
  name: z.string(),
  baseUrl: z.string(),
  generation: z.enum(['current', 'earlier']),
});

const SECRET_KEYS = /token|secret|password|api[_-]?key/i;

export interface ProfileRegistryOptions {
  /** Clock for `createdAt` (tests). */
  now?: () => Date;
}

export class ProfileRegistry {
  readonly rootDir: string;
  readonly registryPath: string;
  private readonly now: () => Date;
  /** Serializes read-modify-write cycles of this object. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(rootDir: string, options: ProfileRegistryOptions = {}) {
    if (typeof rootDir !== 'string' || rootDir === '') throw new ProfileError('registry_io', 'The data root directory is empty.');
    this.rootDir = path.resolve(rootDir);
    this.registryPath = path.join(this.rootDir, PROFILES_FILE);
    this.now = options.now ?? (() => new Date());
  }

  /** All profiles in the order they were added. A missing registry is an empty one. */
  async list(): Promise<Profile[]> {
    return (await this.read()).map((profile) => ({ ...profile }));
  }

  /** The profile called `name` (case-sensitive), or null. */
  async get(name: string): Promise<Profile | null> {
    assertProfileName(name);
    const found = (await this.read()).find((profile) => profile.name === name);
    return found === undefined ? null : { ...found };
  }

  /** Registers a profile and creates its data directory. The base URL is stored normalized. */
  async add(input: NewProfile): Promise<Profile> {
    if (input !== null && typeof input === 'object') {
      const secretKey = Object.keys(input).find((key) => SECRET_KEYS.test(key));
      if (secretKey !== undefined) {
        throw new ProfileError(
          'invalid_profile',
          `Токен не хранится в профиле: сохраните его в системном хранилище паролей. A profile does not store a token (field "${secretKey}"): keep it in the system keychain.`,
        );
      }
    }
    const parsed = NewProfileSchema.safeParse(input);
    if (!parsed.success) {
      throw new ProfileError('invalid_profile', `Invalid profile: ${z.prettifyError(parsed.error)}`);
    }
    assertProfileName(parsed.data.name);
    const profile: Profile = {
      name: parsed.data.name,
      baseUrl: normalizeBaseUrl(parsed.data.baseUrl),
      generation: parsed.data.generation,
      createdAt: this.now().toISOString(),
    };
    return this.mutate(async (profiles) => {
      const folder = dataDirName(profile.name);
      const clash = profiles.find((existing) => existing.name.toLowerCase() === profile.name.toLowerCase() || dataDirName(existing.name) === folder);
      if (clash !== undefined) {
        throw new ProfileError(
          'profile_exists',
          `Профиль «${clash.name}» уже существует. A profile named "${clash.name}" already exists (names are compared ignoring case).`,
        );
      }
      await mkdir(this.dataDir(profile.name), { recursive: true, mode: 0o700 });
      return { profiles: [...profiles, profile], result: { ...profile } };
    });
  }

  /**
   * Points an existing profile at another address of the same API (`tenderwb login` again with a new
   * `--base-url`). The generation never changes: a profile's cache holds one generation's objects only.
   */
  async setBaseUrl(name: string, baseUrl: string): Promise<Profile> {
    assertProfileName(name);
    const normalized = normalizeBaseUrl(baseUrl);
    return this.mutate(async (profiles) => {
      const index = profiles.findIndex((profile) => profile.name === name);
      if (index < 0) throw new ProfileError('profile_not_found', `Профиля «${name}» нет. There is no profile "${name}".`);
      const updated = { ...profiles[index]!, baseUrl: normalized };
      if (updated.baseUrl === profiles[index]!.baseUrl) return { profiles: null, result: updated };
      return { profiles: profiles.map((p, i) => (i === index ? updated : p)), result: { ...updated } };
    });
  }

  /**
   * Records that the earlier-generation profile `name` belongs to the same account as the current-generation
   * profile `twin` (null: forgets it). The app core checks the pair and says why it refuses one in the user's
   * language (app/sameAccount.ts); this keeps the file consistent whoever calls it.
   */
  async setSameAccount(name: string, twin: string | null): Promise<Profile> {
    assertProfileName(name);
    if (twin !== null) assertProfileName(twin);
    return this.mutate(async (profiles) => {
      const index = profiles.findIndex((profile) => profile.name === name);
      if (index < 0) throw new ProfileError('profile_not_found', `Профиля «${name}» нет. There is no profile "${name}".`);
      const self = profiles[index]!;
      if (twin !== null) {
        const other = profiles.find((profile) => profile.name === twin);
        if (self.generation !== 'earlier' || other?.generation !== 'current') {
          throw new ProfileError('invalid_profile', `Связать можно профиль прежнего поколения с профилем текущего. Only an earlier-generation profile links to a current-generation one.`);
        }
      }
      const { sameAccountAs: _old, ...rest } = self;
      const updated: Profile = twin === null ? rest : { ...rest, sameAccountAs: twin };
      return { profiles: profiles.map((p, i) => (i === index ? updated : p)), result: { ...updated } };
    });
  }

  /**
   * Removes a profile from the registry; with `deleteData` also deletes its data directory (cache.db and the
   * rest). Returns false when there was no such profile. The token in the keychain is the caller's to remove
   * (TokenVault.remove), since this module never touches secrets.
   */
  async remove(name: string, options: { deleteData?: boolean } = {}): Promise<boolean> {
    assertProfileName(name);
    return this.mutate(async (profiles) => {
      const remaining = profiles.filter((profile) => profile.name !== name);
      if (remaining.length === profiles.length) return { profiles: null, result: false };
      return {
        profiles: remaining,
        result: true,
        after: async () => {
          if (options.deleteData === true) await rm(this.dataDir(name), { recursive: true, force: true });
        },
      };
    });
  }

  /** `<root>/profiles/<folder>` (see `dataDirName`); the name is validated, so it is always inside `<root>/profiles`. */
  dataDir(name: string): string {
    const base = path.join(this.rootDir, PROFILES_SUBDIR);
    const dir = path.join(base, dataDirName(name));
    if (path.dirname(dir) !== base) {
      throw new ProfileError('invalid_profile_name', `Invalid profile name ${JSON.stringify(name)}: it escapes the data directory.`);
    }
    return dir;
  }

  // -------------------------------------------------------------------------------------------------------

  private async read(): Promise<Profile[]> {
    let text: string;
    try {
      text = await readFile(this.registryPath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new ProfileError('registry_io', `Cannot read ${this.registryPath}: ${(error as Error).message}`, { cause: error, path: this.registryPath });
    }
    let json: unknown;
    try {
      json = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw this.corrupt(`it is not valid JSON (${(error as Error).message})`);
    }
    const parsed = RegistryFileSchema.safeParse(json);
    if (!parsed.success) throw this.corrupt(z.prettifyError(parsed.error).replace(/\n+/g, '; '));
    return parsed.data.profiles;
  }

  private corrupt(why: string): ProfileError {
    return new ProfileError(
      'registry_corrupt',
      `Файл профилей повреждён и не будет перезаписан: ${this.registryPath}. Исправьте или переместите его. ` +
        `The profile registry ${this.registryPath} is damaged and will not be overwritten (${why}). Fix or move it away.`,
    );
  }

  /**
   * Runs one read-modify-write cycle after the previous one. `profiles: null` means "nothing to write";
   * `after` runs once the new registry is on disk.
   */
  private mutate<T>(
    change: (profiles: Profile[]) => Promise<{ profiles: Profile[] | null; result: T; after?: () => Promise<void> }>,
  ): Promise<T> {
    const run = async (): Promise<T> => {
      const outcome = await change(await this.read());
      if (outcome.profiles !== null) await this.write(outcome.profiles);
      if (outcome.after !== undefined) await outcome.after();
      return outcome.result;
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async write(profiles: Profile[]): Promise<void> {
    // Only the known fields, in a fixed order: nothing else can reach the disk.
    const file = {
      format: REGISTRY_FORMAT,
      profiles: profiles.map(({ name, baseUrl, generation, createdAt, sameAccountAs }) => ({
        name,
        baseUrl,
        generation,
        createdAt,
        ...(sameAccountAs !== undefined ? { sameAccountAs } : {}),
      })),
    };
    RegistryFileSchema.parse(file);
    const text = `${JSON.stringify(file, null, 2)}\n`;
    await mkdir(this.rootDir, { recursive: true, mode: 0o700 });
    const temp = path.join(this.rootDir, `.${PROFILES_FILE}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      const handle = await open(temp, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL, 0o600);
      try {
        await handle.writeFile(text, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, this.registryPath);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw new ProfileError('registry_io', `Cannot write ${this.registryPath}: ${(error as Error).message}`, { cause: error, path: this.registryPath });
    }
  }
}
