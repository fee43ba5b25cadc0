/**
 * The app's way for a current-generation use case to reach the server (current/net.ts): through the context's
 * network wrapper, so connectivity is told and the sandbox's lost session renewed; offline, or for a profile
 * of the earlier generation, a read the cache can answer is not tried.
 */
import type { CurrentNet } from '../current/net';
import { isNetworkFailure } from './connectivity';
import type { AppContext, Session } from './context';

export function currentNet(ctx: AppContext, session: Session): CurrentNet {
  return {
    call: (fn) => ctx.net((client) => fn(client)),
    worthTrying: () => ctx.online && session.generation === 'current',
    unreachable: isNetworkFailure,
  };
}

/** What a current-generation use case is given in the app: the session's cache and the network wrapper. */
export function useCaseDeps(ctx: AppContext, session: Session = ctx.session()): { cache: Session['cache']; net: CurrentNet } {
  return { cache: session.cache, net: currentNet(ctx, session) };
}
