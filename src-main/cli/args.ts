import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliError } from './output';

export type Args = { positionals: string[]; values: Record<string, string | boolean | undefined> };

/** Parses a command's own flags strictly: an unknown flag is an error, not a silent no-op. */
export function parseCommandArgs(args: string[], options: ParseArgsConfig['options']): Args {
  try {
    const { positionals, values } = parseArgs({ args, options: options ?? {}, allowPositionals: true, strict: true });
    return { positionals, values: values as Args['values'] };
  } catch (e) {
    throw new CliError(e instanceof Error ? e.message.split('\n')[0]! : String(e), 2);
  }
}

