/**
 * A sync scenario against the real sandbox and a real cache file: the engine, the client and the cache as
 * the app uses them, with the sandbox's control surface to misbehave on cue.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../../src-main/api/client';
import { RateLimiter } from '../../src-main/api/rateLimiter';
import type { ClientEvent } from '../../src-main/api/types';
import { openCache, type CacheDb } from '../../src-main/cache/database';
import { versionStore } from '../../src-main/cache/versionStore';
import { apiQueryPort } from '../../src-main/sync/apiQueryPort';
import { cacheFeedSink } from '../../src-main/sync/cacheFeedSink';
import type { FeedName, StreamName } from '../../src-main/sync/ports';
import { api, ctl, login, type Sandbox } from '../sandbox/helpers';

export type Harness = {
  cache: CacheDb;
  client: ApiClient;
  dispose(): void;
};

/** A client with fast backoff; `sleep` may move the sandbox's clock instead of waiting (429 tests). */
export function makeClient(
  sb: Sandbox,
  token: string,
  opts: { sleep?: (ms: number) => Promise<void>; now?: () => number; perMinute?: number; onEvent?: (e: ClientEvent) => void } = {},
): ApiClient {
  return new ApiClient({
    baseUrl: sb.baseUrl,
    token: () => token,
    limiter: new RateLimiter({ perMinute: opts.perMinute ?? 100_000, ...(opts.sleep ? { sleep: opts.sleep } : {}), ...(opts.now ? { now: opts.now } : {}) }),
    backoff: { baseMs: 5, maxMs: 40 },
    maxAttempts: 12,
    ...(opts.sleep ? { sleep: opts.sleep } : {}),
    ...(opts.onEvent ? { onEvent: opts.onEvent } : {}),
  });
}

export function makeHarness(
  sb: Sandbox,
  token: string,
  opts: { sleep?: (ms: number) => Promise<void>; now?: () => number; onEvent?: (e: ClientEvent) => void; perMinute?: number } = {},
): Harness {
  const dir = mkdtempSync(join(tmpdir(), 'tenderwb-sync-'));
  const cache = openCache(join(dir, 'cache.db'));
  return {
    cache,
    client: makeClient(sb, token, opts),
    dispose() {
      cache.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const port = (h: Harness) => apiQueryPort(h.client);
export const sink = (h: Harness) => cacheFeedSink(h.cache);

export function heldVersions(h: Harness): Set<string> {
  const out = new Set<string>();
  for (const v of versionStore(h.cache).allVersions()) out.add(`${v.kind}:${v.id}:${v.version}`);
  return out;
}

/**
 * What the feeds hold, read from the start with a never-charged test token: the set a complete sync must
 * end with.
 */
export async function feedContents(sb: Sandbox, filterId: string, feeds: FeedName[], streams: StreamName[]): Promise<Set<string>> {
  const client = makeClient(sb, await login(sb, 'demo-test'));
  const out = new Set<string>();
  for (const feed of feeds) {
    for (const stream of streams) {
      let body: Record<string, unknown> = { filter_id: filterId, events: [stream], limit: 100 };
      for (;;) {
        const page = feed === 'tender' ? await client.queryTenders(body as never) : await client.queryContracts(body as never);
        for (const r of page.results) out.add(`${feed}:${r.object.id}:${r.version}`);
        body = { cursor: page.nextCursor, limit: 100 };
        if (page.results.length === 0 && page.state === 'ready') break;
      }
    }
  }
  return out;
}

/** Ledger rows of the live account, grouped by object version. */
export async function chargesByVersion(sb: Sandbox, token: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  // The first page is asked without starting_after: a server may read it as an id of the ledger (strict).
  let after: number | null = null;
  for (;;) {
    const r = await api(sb, 'GET', `/balance/ledger?limit=100${after === null ? '' : `&starting_after=${after}`}`, { token });
    if (r.status !== 200) throw new Error(`ledger answered ${r.status}: ${r.text.slice(0, 300)}`);
    for (const row of r.json.data as { id: number; balance_type: string; object_id: number; version: number }[]) {
      const key = `${row.balance_type === 'tenders' ? 'tender' : 'contract'}:${row.object_id}:${row.version}`;
      out.set(key, (out.get(key) ?? 0) + 1);
      after = row.id;
    }
    if (!r.json.has_more) return out;
  }
}

export { api, ctl, login };
