/**
 * The app's way for a current-generation use case to reach the server (current/net.ts): the session's
 * CurrentWorkbench holds it, built over the context's network wrapper (sessions.ts hooks), so connectivity is
 * told and the sandbox's lost session renewed; offline, or for a profile of the earlier generation, a read the
 * cache can answer is not tried, and a call is refused.
 */
import type { CurrentNet } from '../current/net';
import type { AppContext, Session } from './context';

/** What a current-generation use case is given in the app: the session's cache and the network wrapper. */
export function useCaseDeps(ctx: AppContext, session: Session = ctx.session()): { cache: Session['cache']; net: CurrentNet } {
  return { cache: session.cache, net: session.current.net };
}
