/**
 * `tenderwb team sync --postgres URL [--schema NAME] [--author NAME]`: one team sync run (team/teamSync.ts)
 * of the profile's cache with a team's PostgreSQL database: push what the team lacks, pull what teammates pushed.
 * Progress on stderr on a terminal, then a summary in the CLI's language; `--json` one object with the counts.
 * The run reads the ledger's new rows from the API first (free; `ledgerRefreshed` false when it could not); the
 * built-in sandbox profile is refused (its demo data never reaches a team). `--author` is kept in the profile's
 * cache (team_self), where the app's «Ваше имя» writes too.
 *
 * `tenderwb team password --postgres URL [--forget]`: keeps the database password in the OS keychain (typed
 * without echo on a terminal, or piped on standard input, like `login`), or deletes it.
 *
 * The password of a run: one inside the URL (this run only), else TENDERWB_TEAM_PASSWORD / PGPASSWORD, else the
 * keychain (vault/teamSecret.ts). The URL is printed only without its password (describeTeamUrl).
 */
import { parseCommandArgs } from '../args';
import { usageError } from '../help';
import { cliLocale, userError } from '../cliLocale';
import type { CliContext } from '../context';
import { CliError } from '../output';
import { isTerminal, promptLine, readAllStdin } from '../readSecret';
import { AppError } from '../../domain/appError';
import { appVersion } from '../../export/provenance';
import type { Locale } from '../../i18n/text';
import { TEAM_SYNC_TEXT, teamProgressLine, teamSkippedLines, teamSyncSummary } from '../../i18n/teamSyncText';
import { isBuiltInName } from '../../workspace/builtInProfiles';
import { MoneyUseCases } from '../../current/money';
import { cliNet } from '../currentNet';
import { runTeamSync } from '../../team/teamSync';
import { describeTeamUrl, parseTeamUrl } from '../../teamdb/teamUrl';
import { teamSchemaProblem } from '../../domain/teamSchemaName';
import { teamErrorText } from '../../i18n/team';
import { TeamSecretVault, urlHasPassword } from '../../vault/teamSecret';


const say = (locale: Locale, ru: string, en: string): string => (locale === 'en' ? en : ru);

/** The --postgres URL, checked by the team database's own parser (refused without echoing it: it may hold a password). */
function postgresUrl(raw: unknown, locale: Locale): string {
  if (typeof raw !== 'string') throw usageError('team', undefined, { ru: 'нужен --postgres URL', en: '--postgres URL is required' });
  try {
    parseTeamUrl(raw);
  } catch (e) {
    if (e instanceof AppError) throw new CliError(locale === 'en' ? e.text.en : e.text.ru, 2);
    throw e;
  }
  return raw;
}

/** --schema: a plain lower-case name, never one of PostgreSQL's own (information_schema, pg_…), refused in one sentence. */
function checkSchema(schema: string, locale: Locale): void {
  const problem = teamSchemaProblem(schema);
  if (problem === 'shape') {
    throw userError({ ru: 'имя схемы: строчные латинские буквы, цифры и _, не длиннее 63 символов', en: 'a schema name is lower-case Latin letters, digits and _, at most 63 characters' }, locale);
  }
  if (problem === 'system') throw userError({ ru: teamErrorText.ru.systemSchema(schema), en: teamErrorText.en.systemSchema(schema) }, locale);
}

export async function teamCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const [sub, ...rest] = args;
  const locale = await cliLocale(ctx);
  if (sub === 'sync') return teamSync(ctx, rest, signal, locale);
  if (sub === 'password') return teamPassword(ctx, rest, locale);
  throw usageError('team');
}

async function teamSync(ctx: CliContext, args: string[], signal: AbortSignal, locale: Locale): Promise<void> {
  const a = parseCommandArgs(args, {
    postgres: { type: 'string' },
    schema: { type: 'string' },
    author: { type: 'string' },
    'refuse-unproven': { type: 'boolean' },
    'accept-unproven': { type: 'boolean' },
  });
  if (a.positionals.length > 0) throw usageError('team');
  if (a.values['refuse-unproven'] === true && a.values['accept-unproven'] === true) {
    throw usageError('team', undefined, { ru: '--refuse-unproven и --accept-unproven вместе не даются', en: '--refuse-unproven and --accept-unproven cannot be given together' });
  }
  // The analyst's setting on teammates' versions without delivery evidence: kept in the profile's cache (as the app's).
  const refuseUnproven = a.values['refuse-unproven'] === true ? true : a.values['accept-unproven'] === true ? false : undefined;
  const url = postgresUrl(a.values.postgres, locale);
  const schema = a.values.schema as string | undefined;
  if (schema !== undefined) checkSchema(schema, locale);
  const author = a.values.author as string | undefined;
  const profile = await ctx.profile();
  // Demo data never reaches a team database (nor the team's real data the demo profile).
  if (isBuiltInName(profile.name)) throw userError(TEAM_SYNC_TEXT.sandboxRefused, locale);
  const cache = await ctx.cache();
  try {
    const { password } = await new TeamSecretVault().resolve(url);
    const result = await runTeamSync(
      cache,
      {
        url,
        password,
        schema,
        author,
        ...(refuseUnproven !== undefined ? { refuseUnproven } : {}),
        appVersion: appVersion(),
        generation: profile.generation,
        // The ledger's new rows first (free), so they reach the team without `tenderwb audit`; offline: without.
        ...(profile.generation === 'current' ? { refreshLedger: async () => new MoneyUseCases({ cache, net: cliNet(ctx) }).pullLedger() } : {}),
      },
      { signal, onProgress: (p) => ctx.out.progress(teamProgressLine(p, locale), p.total ? p.done / p.total : undefined) },
    );
    const ledgerNote = result.ledgerRefreshed === false ? say(locale, '\nжурнал списаний не обновлён с сервера API (нет связи или токена): отправлен тот, что уже был', '\nthe ledger was not refreshed from the API (no connection or token): the one held was pushed') : '';
    // Teammates' rows the pull could not take: named, each with why and who pushed it (the rest was taken).
    const skipped = teamSkippedLines(result.skipped, result.skippedTotal, locale);
    ctx.out.result(
      {
        teamId: result.teamId,
        schemaVersion: result.schemaVersion,
        pushed: result.pushed,
        pulled: result.pulled,
        skipped: result.skipped,
        skippedTotal: result.skippedTotal,
        held: result.held,
        ledgerRefreshed: result.ledgerRefreshed,
        tookMs: result.tookMs,
      },
      () => [`${describeTeamUrl(url)}: ${teamSyncSummary(result.pushed, result.pulled, locale, result.skippedTotal)}${ledgerNote}`, ...skipped].join('\n'),
    );
  } catch (e) {
    if (e instanceof AppError) throw new CliError(locale === 'en' ? e.text.en : e.text.ru, e.code === 'not_supported' ? 2 : 1);
    throw e;
  }
}

async function teamPassword(ctx: CliContext, args: string[], locale: Locale): Promise<void> {
  const a = parseCommandArgs(args, { postgres: { type: 'string' }, forget: { type: 'boolean' } });
  if (a.positionals.length > 0) throw usageError('team');
  const url = postgresUrl(a.values.postgres, locale);
  if (urlHasPassword(url)) {
    throw new CliError(say(locale, 'уберите пароль из адреса: его спросят отдельно и сохранят в хранилище паролей', 'leave the password out of the URL: it is asked for separately and kept in the keychain'), 2);
  }
  try {
    await keepPassword(ctx, url, a.values.forget === true, locale);
  } catch (e) {
    // The keychain's plain words, once, in the CLI's language (naming TENDERWB_TEAM_PASSWORD / PGPASSWORD).
    if (e instanceof AppError) throw new CliError(locale === 'en' ? e.text.en : e.text.ru, 1);
    throw e;
  }
}

async function keepPassword(ctx: CliContext, url: string, forget: boolean, locale: Locale): Promise<void> {
  const vault = new TeamSecretVault();
  const where = describeTeamUrl(url);
  if (forget) {
    const removed = await vault.remove(url);
    ctx.out.result(
      { forgotten: removed },
      removed ? say(locale, `пароль для ${where} удалён из хранилища паролей`, `the password for ${where} was removed from the keychain`) : say(locale, `для ${where} пароль не был сохранён`, `no password was stored for ${where}`),
    );
    return;
  }
  const terminal = isTerminal();
  const password = terminal ? await promptLine(say(locale, 'Пароль базы команды: ', 'Team database password: '), true) : await readAllStdin();
  if (terminal) ctx.out.info('');
  if (password === '') {
    throw new CliError(say(locale, terminal ? 'пароль не введён' : 'стандартный ввод пуст: передайте пароль через него или запустите команду в терминале', terminal ? 'no password was typed' : 'standard input was empty: pipe the password in, or run the command in a terminal'), 2);
  }
  await vault.set(url, password);
  ctx.out.result({ stored: true }, say(locale, `пароль для ${where} сохранён в хранилище паролей`, `the password for ${where} is stored in the keychain`));
}
