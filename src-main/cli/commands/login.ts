/**
 * `tenderwb login --base-url URL [--login L] [--generation current|earlier] [--login-url URL]`: gets an API
 * token with a login and password, stores it in the keychain and creates (or points) the profile, so nobody
 * needs curl. The profile is `--profile NAME`, else the login name.
 *
 * - Current generation (document 1, 4.1): `POST /auth/login` with `login`, `password`, `token_name`; the
 *   secret it answers is stored as it is (D-AUTH-1: it may be a 30-day session, id 0; then we say so).
 * - Earlier generation (document 2): it has no login route; its `POST /tokens` "requires authorization". So
 *   the secret comes from the current generation's login of the same account (`--login-url`, that
 *   generation's base address), and a permanent earlier-generation token is made with it by `POST /tokens`;
 *   that token is stored. A login secret that was itself a permanent token is revoked afterwards (best
 *   effort), so repeated logins do not use up the 20 active tokens.
 *
 * The password is read without echo from the terminal, or from standard input when it is not one. Neither
 * the password nor any token is ever printed; API errors are redacted by the clients.
 */
import { randomUUID } from 'node:crypto';
import { parseCommandArgs } from '../args';
import { CliError } from '../output';
import type { CliContext } from '../context';
import { isTerminal, promptLine, readAllStdin } from '../readSecret';
import { ApiClient } from '../../api/client';
import { EarlierApiClient } from '../../api/earlier/client';
import { isApiError } from '../../api/errors';
import { RateLimiter } from '../../api/rateLimiter';
import { normalizeBaseUrl, type ApiGeneration, type Profile } from '../../profiles/profiles';
import { usageError } from '../help';
import { checkProfileName, warnAboutBaseUrl } from './profile';

/** Token names are 1-100 characters (document 1, section 8). */
const tokenName = (profile: string): string => `tenderwb ${profile}`.slice(0, 100);

const noToken = (): never => {
  throw new Error('the login route needs no token');
};

/** Wrong credentials are a 401 at login (D-AUTH-4): say that, not "your token is invalid". */
function loginFailure(e: unknown): never {
  if (isApiError(e) && e.status === 401) {
    throw new CliError({ ru: 'Неверный логин или пароль (HTTP 401).', en: 'Wrong login or password (HTTP 401).' });
  }
  throw e;
}

async function credentials(ctx: CliContext, given: string | undefined): Promise<{ login: string; password: string }> {
  const terminal = isTerminal();
  let login = given;
  if (login === undefined) {
    if (!terminal) throw new CliError({ ru: 'нужен --login ЛОГИН, когда пароль приходит со стандартного ввода', en: '--login L is required when the password comes from standard input' }, 2);
    login = (await promptLine(ctx.tr('Логин: ', 'Login: '), false)).trim();
  }
  if (login === '') throw new CliError({ ru: 'логин пуст', en: 'the login is empty' }, 2);
  const password = terminal ? await promptLine(ctx.tr('Пароль: ', 'Password: '), true) : await readAllStdin();
  if (terminal) ctx.out.info('');
  if (password === '') {
    throw new CliError(
      terminal
        ? { ru: 'пароль не введён', en: 'no password was typed' }
        : { ru: 'стандартный ввод пуст: передайте пароль через него или запустите login в терминале', en: 'standard input was empty: pipe the password in, or run login in a terminal' },
      2,
    );
  }
  return { login, password };
}

export async function loginCommand(ctx: CliContext, args: string[]): Promise<void> {
  const a = parseCommandArgs(args, {
    'base-url': { type: 'string' },
    login: { type: 'string' },
    generation: { type: 'string' },
    'login-url': { type: 'string' },
  });
  if (a.positionals.length > 0) throw usageError('login');
  const rawBase = a.values['base-url'];
  if (typeof rawBase !== 'string') throw usageError('login', undefined, { ru: 'нужен --base-url URL', en: '--base-url URL is required' });
  const generation = (a.values.generation ?? 'current') as string;
  if (generation !== 'current' && generation !== 'earlier') throw new CliError({ ru: '--generation — current или earlier', en: '--generation is "current" or "earlier"' }, 2);
  const baseUrl = normalizeBaseUrl(rawBase);
  const rawLoginUrl = a.values['login-url'];
  if (generation === 'earlier' && typeof rawLoginUrl !== 'string') {
    throw new CliError(
      {
        ru: 'с --generation earlier нужен --login-url URL: у раннего поколения нет маршрута входа, поэтому вход идёт по адресу текущего поколения (например, http://127.0.0.1:8787/api/v2)',
        en: '--login-url URL is required with --generation earlier: that generation has no login route, so the login goes to the current generation’s address (e.g. http://127.0.0.1:8787/api/v2)',
      },
      2,
    );
  }
  if (generation === 'current' && rawLoginUrl !== undefined) {
    throw new CliError({ ru: '--login-url только для --generation earlier (текущее поколение входит по --base-url)', en: '--login-url is only for --generation earlier (the current generation logs in at --base-url)' }, 2);
  }
  const loginUrl = generation === 'earlier' ? normalizeBaseUrl(rawLoginUrl as string) : baseUrl;

  // Which profile: checked before anything is asked or sent, so a bad name costs no typing and no token.
  const given = typeof a.values.login === 'string' ? a.values.login : undefined;
  let name = ctx.options.profile ?? given;
  const existing = async (n: string): Promise<Profile | null> => (await ctx.registry.list()).find((p) => p.name.toLowerCase() === n.toLowerCase()) ?? null;
  const checkName = async (n: string): Promise<Profile | null> => {
    checkProfileName(n, n === given && ctx.options.profile === undefined ? 'login' : 'profile');
    const found = await existing(n);
    if (found && found.generation !== generation) {
      const gen = (g: string): string => (g === 'earlier' ? 'раннего' : 'текущего');
      throw new CliError(
        {
          ru: `профиль «${found.name}» — ${gen(found.generation)} поколения API, а не ${gen(generation)}: выберите другое имя через --profile ИМЯ`,
          en: `profile "${found.name}" uses the ${found.generation} API generation, not the ${generation} one: choose another name with --profile NAME`,
        },
        2,
      );
    }
    return found;
  };
  let found = name !== undefined ? await checkName(name) : null;

  const { login, password } = await credentials(ctx, given);
  if (name === undefined) {
    name = login;
    found = await checkName(name);
  }
  const profileName = found?.name ?? name;

  const current = new ApiClient({ baseUrl: loginUrl, token: noToken, limiter: new RateLimiter({ perMinute: 100 }), maxUnreachableAttempts: 1 });
  const session = await current.login(login, password, tokenName(profileName)).catch(loginFailure);

  let token = session.token;
  let revokeAfter: (() => Promise<unknown>) | null = null;
  let forgetOnFailure: (() => Promise<unknown>) | null = null;
  if (generation === 'earlier') {
    const earlier = new EarlierApiClient({ baseUrl, token: () => session.token, limiter: new RateLimiter({ perMinute: 100 }), maxUnreachableAttempts: 1 });
    const created = await earlier.createToken(tokenName(profileName));
    if (created.secret === null) {
      throw new CliError(created.problem ?? { ru: 'раннее поколение создало токен, но в его ответе нет секрета', en: 'the earlier generation made a token but its answer held no secret' });
    }
    token = created.secret;
    const createdId = created.id;
    if (createdId !== null) forgetOnFailure = () => earlier.deleteToken(createdId);
    // id 0 is a session (document 1, state table): it expires by itself and holds no token slot.
    if (session.id !== 0) revokeAfter = () => current.revokeToken(session.id, randomUUID());
  }

  // The token goes to the keychain before the profile is written: a keychain failure leaves no profile
  // without a token behind (and a token made for it is deleted again).
  try {
    await ctx.vault.set(profileName, token);
  } catch (e) {
    await forgetOnFailure?.().catch(() => undefined);
    throw e;
  }
  await revokeAfter?.().catch(() => undefined);
  const profile = found ? await ctx.registry.setBaseUrl(found.name, baseUrl) : await ctx.registry.add({ name: profileName, baseUrl, generation: generation as ApiGeneration });

  warnAboutBaseUrl(ctx, profile);
  const isSession = generation === 'current' && session.id === 0;
  if (isSession) {
    ctx.out.info(
      ctx.tr(
        'примечание: сервис выдал сессию входа (она может истечь, например через 30 дней); тогда выполните tenderwb login снова',
        'note: the service answered a login session (it may expire, e.g. after 30 days); run "tenderwb login" again then',
      ),
    );
  }
  if (ctx.vault.envOverrideActive()) ctx.out.info(ctx.tr('примечание: задана переменная TENDERWB_TOKEN, и пока она задана, действует она, а не хранилище паролей', 'note: TENDERWB_TOKEN is set and wins over the keychain while it is'));
  const gen = profile.generation === 'earlier' ? ctx.tr('раннее поколение', 'earlier generation') : ctx.tr('текущее поколение', 'current generation');
  ctx.out.result(
    { name: profile.name, base_url: profile.baseUrl, generation: profile.generation, created: !found, token: 'keychain', session: isSession },
    found
      ? ctx.tr(`профиль ${profile.name} обновлён (${gen}, ${profile.baseUrl}); токен сохранён в хранилище паролей`, `profile ${profile.name} updated (${gen}, ${profile.baseUrl}); token stored in the keychain`)
      : ctx.tr(`профиль ${profile.name} добавлен (${gen}, ${profile.baseUrl}); токен сохранён в хранилище паролей`, `profile ${profile.name} added (${gen}, ${profile.baseUrl}); token stored in the keychain`),
  );
}
