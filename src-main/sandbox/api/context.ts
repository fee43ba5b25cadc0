/**
 * What the current generation's route handlers (`./routes.ts`, `./query.ts`) get and give: the request's
 * context, the result, and the 422 readings of their input (shared with the earlier generation's routes).
 */
import type { z } from 'zod';
import type { SandboxService } from '../service/sandboxService';
import type { Caller } from '../service/caller';
import { unprocessable, validationError } from '../service/errors';

/** What a route handler gets: the authenticated caller and the parsed parts of the request. */
export type RouteContext = Caller & {
  svc: SandboxService;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  /** A `preparing` fault is pending for this request (the sandbox's "peak load"). */
  forcePreparing: boolean;
};

export type ApiResult = { status: number; body: Record<string, unknown>; headers?: Record<string, string> };

export const ok = (body: Record<string, unknown>): ApiResult => ({ status: 200, body });

/** Parses with a schema; a failure is the 422 of the reference, with every problem listed. */
export function parseOr422<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const details = r.error.issues.flatMap((i) => {
    const at = i.path.map(String);
    // An unknown field is reported at its own path, so the client sees which name it got wrong.
    if (i.code === 'unrecognized_keys') return i.keys.map((k) => ({ path: [...at, k].join('.'), message: 'unknown field' }));
    return [{ path: at.join('.') || '(body)', message: i.message }];
  });
  throw unprocessable(`Invalid ${what}: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`, details);
}

export function queryObject(q: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of q) out[k] = v;
  return out;
}

/** What a route reads from its request, each part checked by its schema (the same schemas the document shows). */
export type RouteRequest = { query?: z.ZodType; params?: z.ZodType; body?: z.ZodType };
export type RouteInput<R extends RouteRequest> = { [K in keyof R]: R[K] extends z.ZodType ? z.output<R[K]> : never };

/** A body that must be a JSON object when present (400 otherwise); `{}` when there is none. */
function bodyObject(body: unknown): object {
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw validationError('The request body must be a JSON object.');
  return body;
}

/**
 * A handler that gets its request already checked by `request`'s schemas (422 on a bad part). The route table
 * keeps `request` beside the handler, and the OpenAPI document is generated from it: what the document says a
 * route takes is what the route checks.
 */
export function validated<R extends RouteRequest>(
  request: R,
  handler: (ctx: RouteContext, input: RouteInput<R>) => ApiResult | Promise<ApiResult>,
): { request: R; handler: (ctx: RouteContext) => ApiResult | Promise<ApiResult> } {
  return {
    request,
    handler: (ctx) => {
      const input: Record<string, unknown> = {};
      if (request.params) input.params = parseOr422(request.params, ctx.params, 'path parameters');
      if (request.query) input.query = parseOr422(request.query, queryObject(ctx.query), 'parameters');
      if (request.body) input.body = parseOr422(request.body, bodyObject(ctx.body), 'request body');
      return handler(ctx, input as RouteInput<R>);
    },
  };
}
