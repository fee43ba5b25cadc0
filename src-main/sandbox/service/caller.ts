/**
 * What a service needs of the request it serves: who asks (to charge and scope by account) and the request's
 * id (named in what it delivers and in the ledger). A route's whole context (`../api/context.ts`) is one; the
 * services take only this, so they never depend on the HTTP side.
 */
import type { Principal } from './accounts';

export type Caller = { principal: Principal; requestId: string };
