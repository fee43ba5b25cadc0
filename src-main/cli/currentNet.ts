/**
 * The CLI's way for a current-generation use case to reach the server (current/net.ts): the profile's client,
 * made when first needed, so a command the cache answers (a cached card, a list renamed here) needs no token
 * (CliContext.current() reads it at once). A command has no offline mode of its own: it always tries, and a
 * failure reaches the command, which says why and exits non-zero — except the reads the app answers from the
 * cache offline (a card's stored object, the audit), which pass `offline` and so may do the same.
 */
import { isNetworkFailure, tcpReachable } from '../workspace/connectivity';
import type { CurrentNet } from '../current/net';
import type { CliContext } from './context';

export type CliNetOptions = {
  /** Whether the server answered a TCP connection just before (serverReachable); a request is tried either way when unknown. */
  reachable?: boolean;
  /** The cache may stand in when the server cannot be reached, as in the app (`unreachable` then tells so). */
  offline?: boolean;
};

export function cliNet(ctx: CliContext, opts: CliNetOptions = {}): CurrentNet {
  return {
    call: async (fn) => fn(await ctx.client()),
    worthTrying: () => opts.reachable ?? true,
    unreachable: (e) => opts.offline === true && isNetworkFailure(e),
  };
}

/**
 * Whether the profile's server accepts a TCP connection now: free (no request, nothing the rate limit or the
 * ledger sees) and at most a second, so a read the cache can answer does not first wait out the client's retries
 * of a refused connection (the app's heartbeat does the same). A built-in profile has no address here: false.
 */
export async function serverReachable(ctx: CliContext): Promise<boolean> {
  const { baseUrl } = await ctx.profile();
  return baseUrl !== '' && (await tcpReachable(baseUrl));
}
