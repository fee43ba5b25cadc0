/**
 * What the current generation's route handlers (`./routes.ts`, `./query.ts`) get and give: the request's
 * context, the result, and the 422 readings of their input (shared with the earlier generation's routes).
 */
import type { z } from 'zod';
import type { SandboxService } from '../service/sandboxService';
import type { Caller } from '../service/caller';
import { unprocessable } from '../service/errors';

export const invalidParameter = (path: string, message: string) => unprocessable(`Invalid ${path}: ${message}`, [{ path, message }]);

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
