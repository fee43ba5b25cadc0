import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliError } from './output';
import type { Text } from '../i18n/text';

export type Args = { positionals: string[]; values: Record<string, string | boolean | undefined> };

/**
 * Parses a command's own flags strictly: an unknown flag is an error, not a silent no-op. The refusal is said
 * in the run's language (node's own words are English), naming the flag and where the command's help is.
 */
export function parseCommandArgs(args: string[], options: ParseArgsConfig['options']): Args {
  try {
    const { positionals, values } = parseArgs({ args, options: options ?? {}, allowPositionals: true, strict: true });
    return { positionals, values: values as Args['values'] };
  } catch (e) {
    throw new CliError(parseProblem(e), 2);
  }
}

function parseProblem(e: unknown): Text {
  const message = e instanceof Error ? e.message.split('\n')[0]! : String(e);
  const code = (e as { code?: unknown } | null)?.code;
  const flag = /'(-[^' ]+)/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    return { ru: `неизвестный флаг ${flag}; флаги команды — в её справке (--help)`, en: `unknown option ${flag}; the command's flags are in its help (--help)` };
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return /argument missing/.test(message)
      ? { ru: `после ${flag} нужно значение`, en: `${flag} needs a value` }
      : { ru: `флаг ${flag} не принимает значения`, en: `${flag} takes no value` };
  }
  return { ru: `аргументы не разобраны: ${message}`, en: message };
}
