/**
 * A failure met on the team database, as the core's error (domain/appError.ts) with a sentence in both languages
 * (i18n/team.ts): wrong user or password, no password, the server unreachable (refused, unknown host, no route,
 * timeout), no such database, no permission, a schema from a newer app, or anything else with the server's own
 * words. The address is always shown without its password, and every known password (the keychain's, the URL's)
 * is cut out of whatever text the driver or the server produced: a password never reaches a message or a log.
 */
import { AppError } from '../domain/appError';
import { teamErrorText } from '../i18n/team';
import type { Text } from '../i18n/text';
import { TeamSchemaTooNewError } from './migrate';
import { describeTeamUrl, parseTeamUrl } from './teamUrl';

export interface TeamErrorContext {
  /** The address as given (its password is never shown). */
  url: string;
  schema: string;
  /** Passwords to cut out of any text (the keychain's; the URL's is cut out anyway). */
  secrets?: readonly (string | null | undefined)[];
  /** False when the connection had no password to give: a refused login is then a missing password, not a wrong one. */
  passwordGiven?: boolean;
}

/** SQLSTATEs (PostgreSQL's appendix A) this module words. */
const SQLSTATE = {
  invalidPassword: '28P01',
  invalidAuthorization: '28000',
  invalidCatalogName: '3D000',
  insufficientPrivilege: '42501',
  cannotConnectNow: '57P03',
} as const;

/** Node's socket errors that mean "no server there" (connection refused, unknown host, no route, timed out). */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'EAI_AGAIN', 'ECONNRESET', 'EPIPE']);

/** pg's own words for a connection that timed out or was cut before it answered (client.js / pg-pool). */
const UNREACHABLE_MESSAGES = [/timeout expired/i, /connection timeout/i, /timeout exceeded when trying to connect/i, /Connection terminated/i];

/** pg's words when the server asks for a password and none was given. */
const NO_PASSWORD = /client password must be a string|password must be a string|no password/i;

const codeOf = (e: unknown): string | undefined => {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The error and what it wraps (an AggregateError's attempts, a cause). */
function* chain(e: unknown, depth = 0): Generator<unknown> {
  if (e === null || e === undefined || depth > 5) return;
  yield e;
  if (e instanceof AggregateError) for (const inner of e.errors) yield* chain(inner, depth + 1);
  if (e instanceof Error && e.cause !== undefined) yield* chain(e.cause, depth + 1);
}

const isUnreachable = (e: unknown): boolean =>
  [...chain(e)].some((x) => {
    const code = codeOf(x);
    if (code !== undefined && (UNREACHABLE.has(code) || code === SQLSTATE.cannotConnectNow)) return true;
    return UNREACHABLE_MESSAGES.some((re) => re.test(messageOf(x)));
  });

/** Cuts every given secret and any `scheme://user:password@` out of a text. */
export function redactTeamText(text: string, secrets: readonly (string | null | undefined)[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join('***');
  return out.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@]*@/gi, '$1***@').replace(/(password=)[^\s&]*/gi, '$1***');
}

/** The address without its password, its user and database (what the messages name), and the URL's password to cut out. */
function partsOf(url: string): { where: string; user: string; database: string; urlPassword: string | null } {
  try {
    const u = parseTeamUrl(url);
    return { where: u.display, user: u.user, database: u.database, urlPassword: u.urlPassword };
  } catch {
    return { where: describeTeamUrl(url), user: '', database: '', urlPassword: null };
  }
}

const both = (make: (m: typeof teamErrorText.ru) => string): Text => ({ ru: make(teamErrorText.ru), en: make(teamErrorText.en) });

/** The team error a failure is: an AppError passes through unchanged (already worded, with no secret in it). */
export function teamError(error: unknown, context: TeamErrorContext): AppError {
  if (error instanceof AppError) return error;
  const { where, user, database, urlPassword } = partsOf(context.url);
  if (error instanceof TeamSchemaTooNewError) {
    return new AppError('team_schema_too_new', both((m) => m.schemaTooNew(error.found, error.known)));
  }
  const code = codeOf(error);
  if (code === SQLSTATE.invalidPassword && context.passwordGiven === false) return new AppError('team_auth', both((m) => m.noPassword(where)));
  if (code === SQLSTATE.invalidPassword || code === SQLSTATE.invalidAuthorization) {
    return new AppError('team_auth', both((m) => m.wrongPassword(where, user)));
  }
  if (code === SQLSTATE.invalidCatalogName) return new AppError('not_found', both((m) => m.noDatabase(where, database)));
  if (code === SQLSTATE.insufficientPrivilege) {
    return new AppError('team_forbidden', both((m) => m.noPermission(where, user, context.schema)));
  }
  if (NO_PASSWORD.test(messageOf(error))) return new AppError('team_auth', both((m) => m.noPassword(where)));
  if (isUnreachable(error)) return new AppError('offline', both((m) => m.unreachable(where)));
  const said = redactTeamText(messageOf(error), [...(context.secrets ?? []), urlPassword]).replace(/[.\s]+$/, '');
  return new AppError('server', both((m) => m.other(where, said)));
}
