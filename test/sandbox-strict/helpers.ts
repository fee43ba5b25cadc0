/**
 * Helpers for the strict sandbox's tests: the current generation's helpers (real HTTP requests) over a
 * sandbox started with `strict: true`, plus waits on conditions (never on fixed sleeps, for a loaded CI).
 */
import { startSandbox } from '../../src-main/sandbox/index';
import { api, ctl, sleep, type Json, type Res, type Sandbox } from '../sandbox/helpers';

export * from '../sandbox/helpers';

export const startStrict = (): Promise<Sandbox & { strict: boolean }> => startSandbox({ port: 0, seed: 7, tenders: 3000, strict: true });

/** The default collection pace, so that a test that does not study `partial` does not wait on it. */
export const FAST_COLLECTION = { items_per_step: 5000, step_ms: 10 };

/** Keys of an object without the strict sandbox's extras (`x_*`), sorted. */
export const documented = (o: Json): string[] => Object.keys(o).filter((k) => !k.startsWith('x_')).sort();

/** Repeats a request until `done` holds for its answer (a condition, not a timer); fails after `tries`. */
export async function until(make: () => Promise<Res>, done: (r: Res) => boolean, tries = 200): Promise<Res> {
  for (let i = 0; ; i++) {
    const r = await make();
    if (done(r)) return r;
    if (i >= tries) throw new Error(`condition not reached after ${tries} tries; last answer ${r.status}: ${r.text.slice(0, 300)}`);
    await sleep(r.status === 202 ? 1000 * (Number(r.json?.retry_after) || 1) : 50);
  }
}

/** QUERY until the answer is not 202 preparing (the retry_after is in the body only, in strict). */
export const settled = (sb: Sandbox, token: string, route: string, body: unknown): Promise<Res> =>
  until(() => api(sb, 'POST', route, { token, body }), (r) => r.status !== 202, 60);

export { ctl };
