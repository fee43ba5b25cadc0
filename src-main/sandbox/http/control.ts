/**
 * The control surface for tests and demos, `/__sandbox/*` at the server's origin (decisions file, "Sandbox
 * control surface"). Bodies are validated like any other input: a typo in a test should fail loudly.
 */
import { z } from 'zod';
import type { SandboxHost } from './host';
import { ApiError } from '../service/errors';
import { earlierFor } from '../earlier/service';
import { CONTROL_ROUTES } from './controlRoutes';

const count = z.number().int().min(0).max(1_000_000);
const schemas = {
  balance: z.strictObject({ login: z.string().min(1), tenders: count.optional(), contracts: count.optional(), protocols: count.optional() }),
  license: z.strictObject({ login: z.string().min(1), active: z.boolean(), end_date: z.iso.datetime({ offset: true }).optional() }),
  tick: z.strictObject({ created: count.max(100_000).optional(), updated: count.max(100_000).optional() }),
  rebuild: z.strictObject({ filter_id: z.string().min(1) }),
  faults: z.strictObject({
    preparing: count.optional(),
    http500: count.optional(),
    reset: count.optional(),
    truncate: count.optional(),
    delay_ms: z.number().int().min(0).max(60_000).optional(),
  }),
  'rate-limit': z.strictObject({ per_minute: z.number().int().min(1).max(1_000_000) }),
  reset: z.strictObject({}),
  collection: z.strictObject({ items_per_step: z.number().int().min(1).max(1_000_000).optional(), step_ms: z.number().int().min(0).max(60_000).optional() }),
  clock: z
    .strictObject({
      advance_s: z.number().int().min(0).max(10 * 365 * 86_400).optional(),
      set: z.iso.datetime({ offset: true }).optional(),
      catch_up: z.boolean().optional(),
    })
    .refine((b) => (b.advance_s === undefined) !== (b.set === undefined), { message: 'give either advance_s or set' }),
} as const;

type Answer = { status: number; body: Record<string, unknown> };

/** The POST routes this module serves, by name: what `GET /__sandbox` must list. */
export const CONTROL_POSTS = Object.keys(schemas);

// The listing is written by hand for people; a route added here and not there (or the reverse) fails at once.
{
  const listed = CONTROL_ROUTES.filter((r) => r.method === 'POST').map((r) => r.path.slice('/__sandbox/'.length));
  if (listed.slice().sort().join() !== CONTROL_POSTS.slice().sort().join()) throw new Error('controlRoutes.ts does not list the control routes control.ts serves');
}

/** `name` is the path after `/__sandbox/` ('' for `/__sandbox` itself). */
export async function handleControl(host: SandboxHost, method: string, name: string, raw: Buffer): Promise<Answer> {
  if (method === 'GET' && name === '') return { status: 200, body: { routes: CONTROL_ROUTES } };
  if (method === 'GET' && name === 'state') return { status: 200, body: { ...host.service().state(), faults: host.faults.snapshot() } };
  if (method !== 'POST' || !(name in schemas)) return { status: 404, body: { error: { code: 'not_found', message: `No control ${method} /__sandbox/${name}.` } } };
  let json: unknown = {};
  if (raw.length) {
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      return { status: 400, body: { error: { code: 'validation_error', message: 'The body is not valid JSON.' } } };
    }
  }
  const parsed = schemas[name as keyof typeof schemas].safeParse(json);
  if (!parsed.success) {
    return { status: 422, body: { error: { code: 'unprocessable_entity', message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') } } };
  }
  const b = parsed.data as Record<string, unknown>;
  try {
    const svc = host.service();
    switch (name) {
      case 'balance': {
        // The earlier generation shares the tenders and contracts balances and keeps protocols (D-E-BAL-1).
        const earlier = earlierFor(svc);
        const before = earlier.balancesOfLogin(b.login as string);
        const set = svc.setBalance(b.login as string, b.tenders as number | undefined, b.contracts as number | undefined);
        const after = earlier.recordBalanceChange(b.login as string, before, b.protocols as number | undefined);
        return { status: 200, body: after.protocols !== undefined ? { ...set, protocols: after.protocols } : set };
      }
      case 'license':
        return { status: 200, body: earlierFor(svc).setLicense(b.login as string, b.active as boolean, b.end_date as string | undefined) };
      case 'tick':
        return { status: 200, body: svc.tick((b.created as number | undefined) ?? 0, (b.updated as number | undefined) ?? 0) };
      case 'rebuild': {
        const feeds = svc.feeds.rebuild(b.filter_id as string);
        if (!feeds) return { status: 404, body: { error: { code: 'not_found', message: `No feeds for ${String(b.filter_id)}.` } } };
        return { status: 200, body: { filter_id: b.filter_id, feeds_rebuilt: feeds } };
      }
      case 'faults':
        host.faults.set(b);
        return { status: 200, body: host.faults.snapshot() };
      case 'rate-limit':
        host.rateLimiter.perMinute = b.per_minute as number;
        return { status: 200, body: { per_minute: host.rateLimiter.perMinute } };
      case 'reset':
        host.reset();
        return { status: 200, body: { reset: true } };
      case 'collection':
        if (b.items_per_step !== undefined) svc.feeds.pace.itemsPerStep = b.items_per_step as number;
        if (b.step_ms !== undefined) svc.feeds.pace.stepMs = b.step_ms as number;
        return { status: 200, body: { items_per_step: svc.feeds.pace.itemsPerStep, step_ms: svc.feeds.pace.stepMs } };
      case 'clock': {
        const now = svc.clock.nowMs();
        const target = b.set !== undefined ? Date.parse(b.set as string) : now + (b.advance_s as number) * 1000;
        if (target < now - 1000) {
          const message = `set: the clock moves forward only; it is ${String(svc.state().now)} (what the world holds must stay in its past).`;
          return { status: 422, body: { error: { code: 'unprocessable_entity', message } } };
        }
        svc.clock.advance(Math.max(0, target - now) / 1000);
        const caughtUp = b.catch_up ? svc.catchUp() : undefined;
        return { status: 200, body: { now: svc.state().now, ...(caughtUp ? { caught_up: caughtUp } : {}) } };
      }
    }
  } catch (e) {
    if (e instanceof ApiError) return { status: e.status, body: { error: { code: e.code, message: e.message } } };
    throw e;
  }
  return { status: 404, body: { error: { code: 'not_found', message: 'Unknown control.' } } };
}
