/**
 * JSON text read back from the cache (a stored version, a card): it was valid JSON when written, so text that
 * does not parse is a damaged cache (a damaged pack in a cache too large for the quick check at open
 * surfaced as the JSON parser's words, exit 1 in the CLI). Public: the readers outside the cache (tables, exports,
 * the earlier generation's rows) parse what they were handed with it, so the damage is handled as damage
 * (fileCheck.ts isDamageError: exit 6, moved aside, rebuild offered) wherever it is met.
 */
import { StoredDataDamageError } from './damage';

/** Parses stored JSON; a StoredDataDamageError naming `what` (for logs) when it does not parse. */
export function storedJson(text: string, what = 'stored data'): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new StoredDataDamageError(what, `not JSON (${(error as Error).message.slice(0, 120)})`);
  }
}
