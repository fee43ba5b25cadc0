/**
 * The CLI's way for a current-generation use case to reach the server (current/net.ts): the profile's client,
 * made when first needed, so a command the cache answers (a cached card, a list renamed here) needs no token
 * (CliContext.current() reads it at once). A command has no offline mode of its own: it always tries, and a failure reaches
 * the command, which says why and exits non-zero.
 */
import type { CurrentNet } from '../current/net';
import type { CliContext } from './context';

export function cliNet(ctx: CliContext): CurrentNet {
  return {
    call: async (fn) => fn(await ctx.client()),
    worthTrying: () => true,
    unreachable: () => false,
  };
}

