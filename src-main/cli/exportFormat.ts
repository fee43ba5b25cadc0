/** `--format` of every `export` command: who the CSV is for. */
import { CliError } from './output';

/**
 * `excel` (the default: analysts open exports in Excel): digit strings Excel would mangle, such as notice
 * numbers and INNs with a leading zero, are written as `="…"`; `plain`: plain text that other programs read
 * as data. Answers csv.ts's `keepTextAsText`.
 */
export function exportFormat(format: unknown): boolean {
  if (format === undefined || format === 'excel') return true;
  if (format === 'plain') return false;
  throw new CliError('--format is "excel" (notice numbers and INNs as ="…", the default) or "plain" (plain text for other programs)', 2);
}
