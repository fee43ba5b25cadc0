/**
 * The checks every loopback HTTP server of ours makes before it reads a request: browser mode's bridge
 * (src-main/web/server.ts) and the API sandbox (src-main/sandbox/http/server.ts). Both listen on 127.0.0.1, where
 * any page open in the user's browser can reach them:
 * - by DNS rebinding (a site's name that resolves to 127.0.0.1): the request names the site as its Host;
 * - by a cross-site request (a form, fetch with `no-cors`): the browser names the site as its Origin, and says
 *   `Sec-Fetch-Site: cross-site` (or `same-site` from another port of the same machine).
 * So a request must name this server as its Host (`127.0.0.1:PORT` or `localhost:PORT`), and an Origin, if it
 * carries one, must be this server's own. Clients that are not browsers (our core, the CLI, tests, the reference
 * clients) send a normal Host and no Origin, and pass.
 *
 * With `jsonBodies`, a request from a browser that carries a body in a type a page may send without asking first
 * (a form's, or text/plain) is refused too: a "simple" request is how a page writes cross-site, and a browser old
 * enough to send it without an Origin still names itself. A request with no browser mark at all (no Origin, Referer,
 * Sec-Fetch-* or a browser's User-Agent) is a script or a tool, such as `curl -d '{…}'`, whose default form type
 * says nothing about the JSON it sends: it passes, and the body is read as JSON as always.
 *
 * The verdict names the reason; each server says it in its own words and envelope.
 */
import type { IncomingHttpHeaders } from 'node:http';

export type LoopbackRefusal = 'foreign-host' | 'foreign-origin' | 'cross-site' | 'not-json';
export type LoopbackVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: LoopbackRefusal };

export interface LoopbackRequest {
  readonly method?: string | undefined;
  readonly headers: IncomingHttpHeaders;
}

export interface LoopbackGuardOptions {
  /** Refuse a body-carrying request from a browser whose Content-Type is present and not JSON. */
  readonly jsonBodies?: boolean;
}

/** The Host values that name a loopback server on `port`. */
export const loopbackHosts = (port: number): ReadonlySet<string> => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);

/** The origins of pages served by a loopback server on `port` (its own pages, if it serves any). */
export const loopbackOrigins = (port: number): ReadonlySet<string> => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request names itself as a browser's: what a page's request carries and a script's does not. */
export function fromBrowser(headers: IncomingHttpHeaders): boolean {
  if (headers.origin !== undefined || headers.referer !== undefined) return true;
  if (Object.keys(headers).some((name) => name.startsWith('sec-fetch-'))) return true;
  return /^Mozilla\//.test(headers['user-agent'] ?? '');
}

/** Whether a Content-Type is JSON (`application/json`, or a `+json` type such as `application/problem+json`). */
export function isJsonContentType(value: string | undefined): boolean {
  const type = (value ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** Checks a request against the loopback server listening on `port`. */
export function checkLoopbackRequest(req: LoopbackRequest, port: number, options: LoopbackGuardOptions = {}): LoopbackVerdict {
  const host = (req.headers.host ?? '').toLowerCase();
  if (!loopbackHosts(port).has(host)) return { ok: false, reason: 'foreign-host' };
  const origin = req.headers.origin;
  if (origin !== undefined && !loopbackOrigins(port).has(origin.toLowerCase())) return { ok: false, reason: 'foreign-origin' };
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return { ok: false, reason: 'cross-site' };
  if (options.jsonBodies === true && !BODYLESS.has((req.method ?? 'GET').toUpperCase()) && fromBrowser(req.headers)) {
    const type = req.headers['content-type'];
    if (type !== undefined && !isJsonContentType(type)) return { ok: false, reason: 'not-json' };
  }
  return { ok: true };
}
