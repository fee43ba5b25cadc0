/**
 * `tenderwb`: the command line over the same core as the app, for scripting and headless machines.
 * Global flags: --data-dir DIR, --profile NAME, --json. A failure exits non-zero with one line on stderr.
 */
import { CliContext, type GlobalOptions } from './context';
import { CliError, createOutput } from './output';
import { apiErrorFacts, describeApiError, isApiError } from '../api/errors';
import { isTokenRefusal } from '../i18n/reloginText';
import { pick } from '../i18n/text';
import { readSettings } from '../app/settings';
import { commands } from './commands';
import { CacheAccessError, DamagedCacheError } from '../cache/damage';
import { isDamageError } from '../cache/fileCheck';

const USAGE = `Usage: tenderwb [--data-dir DIR] [--profile NAME] [--json] COMMAND ...

  profile add NAME --base-url URL [--generation current|earlier] [--token-stdin]
  profile list | profile remove NAME [--delete-data]
  login --base-url URL [--login L] [--generation earlier --login-url URL]   (password from the terminal or stdin)
  search (--query-file F | --query JSON) [--label L] [--events created,updated] [--preview]
  sync [LABEL|FILTER_ID|--all] [--contracts] [--max-spend N | --no-cap] [--follow]
  card tender ID [--external] | card contract ID [--reestr]
  open NOTICE_NUMBER|REGISTRY_NUMBER|ZAKUPKI_URL
  list create NAME | list add LIST_ID ID... | list remove LIST_ID ID... | list show LIST_ID | list sync LIST_ID
  list load LIST_ID [--max-spend N | --no-cap]   (the members' latest versions: the list's tender feed, paid)
  contracts --customer INN[,INN] | --supplier-inn INN [--supplier-name NAME] | --supplier-name NAME | --list LIST_ID | --tenders ID[,ID] [--max-spend N | --no-cap]
  enrich [--tenders] [--contracts] [--max-spend N] [--yes] [--preview]   (cards of cached objects without positions: 0 units for versions held)
  list rename LIST_ID NAME|--reset | list delete LIST_ID --yes   (here only: the API cannot rename or delete lists)
  export list LIST_ID [--refresh] | export search LABEL|FILTER_ID | export ledger   (from the cache; --refresh reads a list's members first)
      --out FILE.csv|FILE.xlsx [--columns a,b,c] [--delimiter ';'] [--format xlsx|csv|excel|plain]   (xlsx: typed cells and a
      «Источник» sheet, also chosen by an --out ending in .xlsx; csv = excel, the default: numbers as ="…", with
      FILE.csv.provenance.json beside it; plain: a CSV of plain text for other programs; a --format the --out name
      contradicts, e.g. xlsx into FILE.csv, is refused)
  export dossier customer|supplier INN --out FILE.xlsx|FILE.csv [--format xlsx|csv|excel|plain]   (the app's dossier from the
      cache: a sheet per table, or one CSV of the tables one under another; exit 8 when the cache holds nothing on the INN)
  balance | ledger [--last N] | audit
  ledger --by-search [--days N]   (units of the last N Moscow days, 30 by default, per search or contract set, by name;
      a deleted saved search keeps its name)
  cache stats | cache search TEXT | cache versions --json
  analytics customer INN | analytics supplier INN   (dossiers from the cache: offline, free; exit 8 when the cache
      holds nothing on the INN, with the command that loads its contracts)
  analytics competitors LABEL|FILTER_ID | analytics competitors --list LIST_ID
  analytics prices --okpd2 CODE|--ktru CODE [--region N] [--from DATE] [--to DATE] [--unit U] [--out FILE.csv]
  flags [--customer INN | --supplier INN | --list LIST_ID | --label L] [--gaps]   (red flags with evidence and source;
      --gaps: instead of the flags, what could not be checked for lack of a field: with --json one object per gap)
  flags dismiss CODE tender|contract|customer ID [--note TEXT] | flags restore CODE tender|contract|customer ID
  mark tender ID [--tag T]... [--untag T]... [--status S|none] [--assignee NAME] [--note TEXT] [--allow-missing]   (marks: local,
      free; a status by code or name: reviewing, «На рассмотрении»; a tender the cache does not hold only with --allow-missing)
  marks [--tag T]... [--status S]... [--assignee NAME]   (marked tenders; --json: {"id","tags","status","assignee","notes"})
  mark history tender ID   (every change of the tender's marks, here and from the team database, oldest first)
  marks tags | marks tag-rename NAME NEW | marks tag-color NAME #rrggbb | marks tag-merge NAME... --into NAME | marks tag-delete NAME
  calendar --out FILE.ics [--list LIST_ID | --label L | --tag T... --status S...] [--open-cards]   (deadlines as ICS from the cache: offline, free;
      without a scope every marked tender; one event per deadline, a reminder one working day before;
      --open-cards [--max-spend N | --no-cap]: first open the cards never opened, for the links to the notices)
  team sync --postgres URL [--schema NAME] [--author NAME]   (the team's PostgreSQL: push what it lacks, pull what
      teammates pushed; the password from the URL, TENDERWB_TEAM_PASSWORD/PGPASSWORD or the keychain)
  team password --postgres URL [--forget]   (keeps the team database's password in the keychain, or deletes it)

A profile of the earlier API generation (profile add NAME --generation earlier --base-url …/api/v2):
  filters [--seen FILTER_ID]
  sync FILTER_ID|--all [--max-spend N | --no-cap]
  card tender ID [--page N] [--limit M]
  favorites [list] | favorites add ETP_ID | favorites remove ETP_ID | favorites updates
  balance | ledger [--last N]
  export filter FILTER_ID --out FILE.csv [--columns a,b,c] [--format excel|plain] | export favorites --out FILE.csv
  cache stats | cache search TEXT | cache versions --json | cache rebuild   (after a damaged cache was moved aside)`;

/** Splits the global flags (allowed anywhere) from the command's own arguments. */
export function splitGlobals(argv: string[]): { globals: GlobalOptions; rest: string[] } {
  const globals: GlobalOptions = { json: false };
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    if (flag === '--json') globals.json = true;
    else if (flag === '--data-dir' || flag === '--profile') {
      const value = inline ?? argv[++i];
      if (value === undefined || value.startsWith('--')) throw new CliError(`${flag} needs a value`, 2);
      if (flag === '--data-dir') globals.dataDir = value;
      else globals.profile = value;
    } else rest.push(a);
  }
  return { globals, rest };
}

export async function main(argv: string[]): Promise<number> {
  quietWhenStdoutCloses();
  let ctx: CliContext | null = null;
  let json = argv.includes('--json');
  try {
    const { globals, rest } = splitGlobals(argv);
    json = globals.json;
    const [name, ...args] = rest;
    if (name === 'help' || name === '--help' || name === '-h') {
      console.log(USAGE);
      return 0;
    }
    // The usage goes to stdout only on request: a failure's stderr is one line, and --json stdout is JSON only.
    if (!name) throw new CliError('no command given; see "tenderwb --help"', 2);
    const command = commands[name];
    if (!command) throw new CliError(`unknown command "${name}"; see "tenderwb --help"`, 2);
    ctx = new CliContext(createOutput(globals.json), globals);
    const signal = interruptSignal();
    await command(ctx, args, signal);
    return 0;
  } catch (e) {
    ctx?.out.endProgress();
    // A damage met during the command: the file is moved aside now, and the message names where it went.
    let moved: DamagedCacheError | null = null;
    try {
      moved = isDamageError(e) && ctx ? ctx.damagedDuringCommand(e as Error) : null;
    } catch {
      // The file could not be moved: the plain damage message below is given.
    }
    const cacheProblem = cacheFailure(moved ?? e);
    const relogin = ctx && isApiError(e) && isTokenRefusal(e) ? await reloginMessage(ctx, e).catch(() => null) : null;
    const message = oneLine(
      cacheProblem ? cacheProblem.message : e instanceof CliError ? e.message : relogin ?? (isApiError(e) ? describeApiError(e) : e instanceof Error ? e.message : String(e)),
    );
    if (json) process.stderr.write(JSON.stringify({ error: message }) + '\n');
    else process.stderr.write(`tenderwb: ${message}\n`);
    return cacheProblem ? cacheProblem.exitCode : e instanceof CliError ? e.exitCode : 1;
  } finally {
    try {
      ctx?.close();
    } catch {
      // Closing a damaged cache must not print a stack trace over the message already given (issue 13).
    }
  }
}

/**
 * The service refused the profile's token (issue 26: after a sandbox restart every command met a 401 that only
 * said «проверьте токен»): the exact command to log in again, with the facts support asks for.
 */
async function reloginMessage(ctx: CliContext, e: Parameters<typeof apiErrorFacts>[0]): Promise<string | null> {
  const text = await ctx.reloginText();
  if (!text) return null;
  const { locale } = await readSettings(ctx.registry.rootDir);
  return `${pick(text, locale)} (${apiErrorFacts(e, locale)})`;
}

/** Exit codes of a cache that cannot be used (issue 13): distinct, so a script can tell them apart. */
export const EXIT_CACHE_DAMAGED = 6;
export const EXIT_DATA_READ_ONLY = 7;

/**
 * A damaged cache or a read-only data folder, told in both languages (Russian, then English) with the file
 * named, never SQLite's own words; null for any other failure.
 */
function cacheFailure(e: unknown): { message: string; exitCode: number } | null {
  if (e instanceof DamagedCacheError) return { message: `${e.text.ru}\n${e.text.en}`, exitCode: EXIT_CACHE_DAMAGED };
  if (e instanceof CacheAccessError) return { message: `${e.text.ru}\n${e.text.en}`, exitCode: EXIT_DATA_READ_ONLY };
  if (isDamageError(e)) {
    return {
      message:
        'Файл кэша профиля повреждён: переместите его в сторону, затем «tenderwb cache rebuild» соберёт кэш заново.\n' +
        'The profile’s cache file is damaged: move it aside, then "tenderwb cache rebuild" makes a new one.',
      exitCode: EXIT_CACHE_DAMAGED,
    };
  }
  return null;
}

/**
 * A failure is reported on exactly one line. Some messages have several (the vault's errors are Russian, then
 * English): they are joined, so neither language is lost and a script reading one line gets the whole reason.
 */
export function oneLine(message: string): string {
  return message
    .split(/\r?\n|\r/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * `tenderwb --json … | head`: the reader closing the pipe is not a failure of the command, so every command
 * stops quietly (exit 0, no stack trace) at its next write. Nothing is lost: the cache's writes are transactions.
 */
let quietInstalled = false;
function quietWhenStdoutCloses(): void {
  if (quietInstalled) return;
  quietInstalled = true;
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}

/** Ctrl-C cancels long work cleanly (a sync stops after the page being stored); a second Ctrl-C quits. */
function interruptSignal(): AbortSignal {
  const controller = new AbortController();
  process.once('SIGINT', () => {
    controller.abort();
    process.once('SIGINT', () => process.exit(130));
  });
  return controller.signal;
}
