/**
 * `tenderwb`: the command line over the same core as the app, for scripting and headless machines.
 * Global flags: --data-dir DIR, --profile NAME, --json. A failure exits non-zero with one line on stderr.
 */
import { homedir } from 'node:os';
import type { CliContext, GlobalOptions } from './context';
import { CliError, createOutput } from './output';
import { apiErrorFacts, isApiError } from '../api/errors';
import { isTokenRefusal } from '../i18n/reloginText';
import { pick } from '../i18n/text';
import { commands } from './commands';
import type { DamagedCacheError } from '../cache/damage';
import { isDamageError } from '../cache/fileCheck';
import { displayText, terminalSafeJson } from '../domain/displayText';
import { resolveRootDir } from '../profiles/rootDir';
import type { Locale } from '../i18n/text';
import { localeOfRoot } from './cliLocale';
import { diskFullIn } from '../cache/diskSpace';
import { commandHelp, overviewHelp } from './help';

/*
 * What a start loads: this module and what it imports statically are all `tenderwb --help` runs, so
 * they stay light; the context (profiles, keychain), each command's module (commands/index.ts) and the words of
 * a failure (errorText.ts, which knows every error of the core) are imported when the run gets there.
 * test/cli/startLoad.test.ts fails when a light command loads a heavy package.
 */

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
      if (value === undefined || value.startsWith('--')) throw new CliError({ ru: `после ${flag} нужно значение`, en: `${flag} needs a value` }, 2);
      if (flag === '--data-dir') globals.dataDir = value;
      else globals.profile = value;
    } else rest.push(a);
  }
  return { globals, rest };
}

/** `--help` or `-h` among a command's arguments (before a `--` that ends the flags). */
const asksHelp = (args: readonly string[]): boolean => {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
};

/** The run's language: the settings of the data root the run uses (--data-dir, else the usual one), read leniently. */
async function runLocale(argv: readonly string[]): Promise<Locale> {
  let dataDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--data-dir=')) dataDir = a.slice('--data-dir='.length);
    else if (a === '--data-dir' && argv[i + 1] !== undefined) dataDir = argv[i + 1];
  }
  try {
    return await localeOfRoot(dataDir ?? resolveRootDir(process.env, process.platform, homedir()));
  } catch {
    return 'ru';
  }
}

export async function main(argv: string[]): Promise<number> {
  quietWhenStdoutCloses();
  let ctx: CliContext | null = null;
  let json = argv.includes('--json');
  const locale = await runLocale(argv);
  try {
    const { globals, rest } = splitGlobals(argv);
    json = globals.json;
    const [name, ...args] = rest;
    if (name === 'help' || name === '--help' || name === '-h') {
      const [topic, sub] = args.filter((a) => !a.startsWith('-'));
      if (topic === undefined) {
        console.log(overviewHelp(locale));
        return 0;
      }
      const help = commandHelp(topic, sub, locale);
      if (help === null) throw unknownCommand(topic);
      console.log(help);
      return 0;
    }
    // The usage goes to stdout only on request: a failure's stderr is one line, and --json stdout is JSON only.
    if (!name) throw new CliError({ ru: 'команда не указана; список команд: tenderwb --help', en: 'no command given; see "tenderwb --help"' }, 2);
    const command = commands[name];
    if (!command) throw unknownCommand(name);
    if (asksHelp(args)) {
      console.log(commandHelp(name, args[0]?.startsWith('-') ? undefined : args[0], locale) ?? overviewHelp(locale));
      return 0;
    }
    const { CliContext } = await import('./context');
    ctx = new CliContext(createOutput(globals.json), globals, process.env, locale);
    const signal = interruptSignal();
    await command(ctx, args, signal);
    return 0;
  } catch (e) {
    ctx?.out.endProgress();
    const { cacheFailure, errorText, exitCodeOf } = await import('./errorText');
    // A damage met during the command: the file is moved aside now, and the message names where it went.
    let moved: DamagedCacheError | null = null;
    try {
      moved = isDamageError(e) && ctx ? ctx.damagedDuringCommand(e as Error) : null;
    } catch {
      // The file could not be moved: the plain damage message below is given.
    }
    const cacheProblem = cacheFailure(moved ?? e, locale);
    // SQLite says some writes that found no room as a «disk I/O error»: the cache's folder is asked.
    const folder = ctx?.openCacheFolder() ?? null;
    const failure = (folder !== null ? diskFullIn(e, folder) : null) ?? e;
    const relogin = ctx && isApiError(e) && isTokenRefusal(e) ? await reloginMessage(ctx, e).catch(() => null) : null;
    const message = oneLine(cacheProblem ? cacheProblem.message : (relogin ?? errorText(failure, locale)));
    if (json) process.stderr.write(terminalSafeJson(JSON.stringify({ error: message })) + '\n');
    else process.stderr.write(`tenderwb: ${displayText(message)}\n`);
    return cacheProblem ? cacheProblem.exitCode : exitCodeOf(failure);
  } finally {
    try {
      ctx?.close();
    } catch {
      // Closing a damaged cache must not print a stack trace over the message already given.
    }
  }
}

const unknownCommand = (name: string): CliError =>
  new CliError({ ru: `нет команды «${name}»; список команд: tenderwb --help`, en: `unknown command "${name}"; see "tenderwb --help"` }, 2);

/**
 * The service refused the profile's token (after a sandbox restart every command met a 401 that only
 * said «проверьте токен»): the exact command to log in again, with the facts support asks for, in the run's language.
 */
async function reloginMessage(ctx: CliContext, e: Parameters<typeof apiErrorFacts>[0]): Promise<string | null> {
  const text = await ctx.reloginText();
  if (!text) return null;
  return `${pick(text, ctx.locale)} (${apiErrorFacts(e, ctx.locale)})`;
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
