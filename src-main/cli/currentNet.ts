/**
 * The CLI's way for a current-generation use case to reach the server (current/net.ts): the profile's client,
 * made when first needed. A command has no offline mode of its own: it always tries, and a failure reaches
 * the command, which says why and exits non-zero.
 */
import type { CacheDb } from '../cache/database';
import type { MutationOutcome } from '../current/deps';
import type { CurrentNet } from '../current/net';
import { mutate, type Mutation } from '../sync/outbox';
import type { CliContext } from './context';

export function cliNet(ctx: CliContext): CurrentNet {
  return {
    call: async (fn) => fn(await ctx.client()),
    worthTrying: () => true,
    unreachable: () => false,
  };
}

/**
 * The CLI's edit sender (current/lists.ts): sent at once through the outbox, never queued; a command sends
 * what an earlier run left queued before its own edit (`flushOutbox`).
 */
export function cliMutate(ctx: CliContext, cache: CacheDb): (m: Mutation) => Promise<MutationOutcome> {
  return async (m) => ({ queued: false, result: await mutate(cache, await ctx.client(), m) });
}
