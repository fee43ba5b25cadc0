/**
 * How a current-generation use case reaches the server, injected by its caller: the app passes its network
 * wrapper (connectivity told; offline, a read is answered from the cache), the CLI its profile's client as is
 * (it always tries, and a failure ends the command). The use cases never build a client and never know which
 * of the two runs them.
 */
import type { ApiClient } from '../api/client';

export interface CurrentNet {
  /** A request with the profile's client; every failure reaches the caller. */
  call<T>(fn: (client: ApiClient) => Promise<T>): Promise<T>;
  /** Whether a request is worth trying now (the app: online, and a current-generation profile). */
  worthTrying(): boolean;
  /** Whether a failure means the server could not be reached, so the cache may answer instead. */
  unreachable(error: unknown): boolean;
}

/** A read that the cache can stand in for: null when not worth trying or when the server cannot be reached. */
export async function tryCall<T>(net: CurrentNet, fn: (client: ApiClient) => Promise<T>): Promise<T | null> {
  if (!net.worthTrying()) return null;
  try {
    return await net.call(fn);
  } catch (e) {
    if (!net.unreachable(e)) throw e;
    return null;
  }
}
