/**
 * How the CLI speaks: human lines by default, one JSON object per line with `--json`, a progress bar on a
 * terminal, and a one-line reason on stderr when a command fails. Every line passes domain/displayText.ts on its
 * way out: a server's text cannot clear the screen, set a title, plant a link or reverse a line; a JSON
 * line keeps its exact values, with what a terminal would act on written as `\uXXXX`.
 */
import { displayText, terminalSafeJson } from '../domain/displayText';
import { pick, type Locale, type Text } from '../i18n/text';

/**
 * A failure the CLI reports itself, with its exit code. Given as a `Text`, it is told in the run's language
 * (main.ts picks the side); a plain string is a sentence that is the same in both (a server's own words).
 */
export class CliError extends Error {
  readonly text: Text | null;
  constructor(
    message: string | Text,
    readonly exitCode = 1,
  ) {
    super(typeof message === 'string' ? message : message.ru);
    this.text = typeof message === 'string' ? null : message;
  }

  /** The reason in the run's language. */
  in(locale: Locale): string {
    return this.text ? pick(this.text, locale) : this.message;
  }
}

export type Output = {
  json: boolean;
  /** A result: a JSON line with --json, else the human text. */
  result(data: Record<string, unknown>, human: string | (() => string)): void;
  /** Progress for long work: a redrawn bar on a TTY, nothing in --json mode (results carry the figures). */
  progress(line: string, fraction?: number): void;
  endProgress(): void;
  info(line: string): void;
};

export function createOutput(json: boolean, stdout: NodeJS.WriteStream = process.stdout, stderr: NodeJS.WriteStream = process.stderr): Output {
  const tty = !json && stderr.isTTY === true;
  let drawn = false;
  return {
    json,
    result(data, human) {
      if (drawn) this.endProgress();
      stdout.write((json ? terminalSafeJson(JSON.stringify(data)) : displayText(typeof human === 'function' ? human() : human, { multiline: true })) + '\n');
    },
    progress(line, fraction) {
      if (!tty) return;
      const width = 24;
      const bar = fraction === undefined ? '' : `[${'#'.repeat(Math.round(Math.min(1, fraction) * width)).padEnd(width, '.')}] `;
      const columns = stderr.columns || 100; // a pseudo-terminal with no size reports 0
      stderr.write('\r' + (bar + displayText(line)).slice(0, columns - 1).padEnd(columns - 1));
      drawn = true;
    },
    endProgress() {
      if (drawn) stderr.write('\n');
      drawn = false;
    },
    info(line) {
      if (!json) stderr.write(displayText(line, { multiline: true }) + '\n');
    },
  };
}

// Made at the first price printed, not at import: every start loads this module, and building a formatter
// loads ICU's locale data, a fifth of `tenderwb --help`'s own time.
let rub: Intl.NumberFormat | null = null;
export const formatRub = (n: unknown): string => (typeof n === 'number' ? `${(rub ??= new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(n)} ₽` : '—');
export const formatInt = (n: number): string => n.toLocaleString('ru-RU');
