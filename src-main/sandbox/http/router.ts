/**
 * The sandbox's one router, used by both generations' fronts (`./server.ts` for `/api/v2` with the table of
 * `../api/routes.ts`, `../earlier/http.ts` for `/legacy/api/v2` with `../earlier/routes.ts`): a route table
 * compiled once, a request matched to its route and path parameters (or told 404 / 405), and the readings of
 * a request both generations' handlers share (the JSON body, an object body).
 */
import { ApiError, validationError } from '../service/errors';

export type RouteMethod = 'GET' | 'POST' | 'DELETE';

/** What the router needs of a route; each generation adds what its front reads (handler, flags). */
export type RoutePath = { method: RouteMethod; path: string };

export type RouteMatch<R> = { route: R; params: Record<string, string> };

export class Router<R extends RoutePath> {
  private readonly compiled: { route: R; pattern: RegExp; names: string[] }[];

  /** `where`: named in the 404 message (`No route GET /x in the earlier generation.`). */
  constructor(
    routes: readonly R[],
    private readonly where?: string,
  ) {
    this.compiled = routes.map((route) => {
      const names: string[] = [];
      // `:name` is one path segment; the table's order decides between overlapping paths.
      const source = route.path.replace(/:([a-z_]+)/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      return { route, pattern: new RegExp(`^${source}$`), names };
    });
  }

  /** The route and its decoded parameters; `'wrong-method'` when the path is known for other methods only. */
  match(method: string, path: string): RouteMatch<R> | 'wrong-method' | null {
    let pathKnown = false;
    for (const c of this.compiled) {
      const m = c.pattern.exec(path);
      if (!m) continue;
      pathKnown = true;
      if (c.route.method !== method) continue;
      const params: Record<string, string> = {};
      c.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1]!)));
      return { route: c.route, params };
    }
    return pathKnown ? 'wrong-method' : null;
  }

  /** The answer to a request no route takes: 404 for an unknown path, 405 for a known path and another method. */
  refusal(found: 'wrong-method' | null, method: string, path: string): ApiError {
    return found === 'wrong-method'
      ? new ApiError(405, 'method_not_allowed', `${method} is not allowed on ${path}.`)
      : new ApiError(404, 'not_found', `No route ${method} ${path}${this.where ? ` in ${this.where}` : ''}.`);
  }
}

/** The request body as JSON (undefined when empty); 400 when it is not JSON. */
export function jsonBody(raw: Buffer): unknown {
  if (!raw.length) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw validationError('The request body is not valid JSON.');
  }
}

/** A body that must be a JSON object when present (400 otherwise); undefined when there is none. */
export function objectBody(body: unknown): object | undefined {
  if (body === undefined) return undefined;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw validationError('The request body must be a JSON object.');
  return body;
}
