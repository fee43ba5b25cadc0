/**
 * Sync's use of the rate limit: a sync of at least 200 pages against the sandbox with its limit set
 * to N requests per minute, through the client's limiter as the app uses it. Figures:
 * - the share of N used: 60 s over the median time the client took for N consecutive requests (a client that
 *   uses its whole limit takes 60 s for any N in a row; ours keeps a second of margin, so ~98.4 % at best);
 * - answers of 429 (the client's `rate_limited` events), which should be 0;
 * - the run's time beside its baseline, the same requests at exactly N a minute after the first window's N.
 *
 * Real time (the sandbox counts its minute on the wall clock): about R / N minutes for R requests.
 *
 *   npx tsx bench/rateUse.ts [--per-minute 100] [--tenders 2000] [--page-size 10]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { request } from 'undici';
import { ApiClient } from '../src-main/api/client';
import { RateLimiter } from '../src-main/api/rateLimiter';
import { openCache } from '../src-main/cache/database';
import { startSandbox } from '../src-main/sandbox/index';
import { apiQueryPort } from '../src-main/sync/apiQueryPort';
import { cacheFeedSink } from '../src-main/sync/cacheFeedSink';
import { previewCost, syncSavedSearch } from '../src-main/sync/syncEngine';

export type RateUseFigures = {
  perMinute: number;
  pages: number;
  requests: number;
  tooMany: number;
  seconds: number;
  idealSeconds: number;
  share: number;
  shareMean: number;
};

/** Counts every slot the limiter grants, with its time: each is one request sent. */
class CountingLimiter extends RateLimiter {
  readonly times: number[] = [];
  override async acquire(signal?: AbortSignal): Promise<void> {
    await super.acquire(signal);
    this.times.push(performance.now());
  }
}

async function control(origin: string, path: string, body: unknown): Promise<void> {
  const r = await request(`${origin}/__sandbox/${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const text = await r.body.text();
  if (r.statusCode !== 200) throw new Error(`sandbox control ${path} answered ${r.statusCode}: ${text}`);
}

async function login(baseUrl: string): Promise<string> {
  const r = await request(`${baseUrl}/auth/login?login=demo&password=demo&token_name=bench`, { method: 'POST' });
  return ((await r.body.json()) as { token: string }).token;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

export async function benchRateUse(o: { perMinute?: number; tenders?: number; pageSize?: number } = {}): Promise<RateUseFigures> {
  const perMinute = o.perMinute ?? 100;
  const sandbox = await startSandbox({ port: 0, seed: 1, tenders: o.tenders ?? 2000 });
  const dir = mkdtempSync(join(tmpdir(), 'tenderwb-rate-bench-'));
  const cache = openCache(join(dir, 'cache.db'));
  try {
    await control(sandbox.origin, 'rate-limit', { per_minute: 1_000_000 });
    const token = await login(sandbox.baseUrl);
    const setupClient = new ApiClient({ baseUrl: sandbox.baseUrl, token: () => token, limiter: new RateLimiter({ perMinute: 1_000_000 }) });
    const { filterId } = await previewCost(apiQueryPort(setupClient), cacheFeedSink(cache), 'tender', { status: ['active', 'completed', 'cancelled'] });
    // A minute later on the server's clock, with its limit lowered: the run starts with an empty window.
    await control(sandbox.origin, 'clock', { advance_s: 61 });
    await control(sandbox.origin, 'rate-limit', { per_minute: perMinute });
    const limiter = new CountingLimiter({ perMinute });
    let tooMany = 0;
    const client = new ApiClient({
      baseUrl: sandbox.baseUrl,
      token: () => token,
      limiter,
      onEvent: (e) => {
        if (e.type === 'rate_limited') tooMany++;
      },
    });
    const started = performance.now();
    const outcome = await syncSavedSearch(apiQueryPort(client), cacheFeedSink(cache), { filterId, feeds: ['tender'], streams: ['created', 'updated'], pageSize: o.pageSize ?? 10 });
    const seconds = (performance.now() - started) / 1000;
    const t = limiter.times;
    const spans: number[] = [];
    for (let i = perMinute; i < t.length; i++) spans.push((t[i]! - t[i - perMinute]!) / 1000);
    const mean = spans.reduce((a, b) => a + b, 0) / spans.length;
    return {
      perMinute,
      pages: outcome.pages,
      requests: t.length,
      tooMany,
      seconds,
      idealSeconds: (Math.ceil(t.length / perMinute) - 1) * 60,
      share: 60 / median(spans),
      shareMean: 60 / mean,
    };
  } finally {
    cache.close();
    rmSync(dir, { recursive: true, force: true });
    await sandbox.close();
  }
}

export function reportRateUse(f: RateUseFigures, log: (line: string) => void = console.log): void {
  log(`sync's use of the rate limit: ${f.pages} pages, ${f.requests} requests at N = ${f.perMinute} a minute (baseline: exactly N a minute)`);
  log(
    `  share of N used ${(f.share * 100).toFixed(1)} % (median of each ${f.perMinute} requests in a row; mean ${(f.shareMean * 100).toFixed(1)} %), ` +
      `429 answers: ${f.tooMany}; ${f.seconds.toFixed(1)} s against ${f.idealSeconds.toFixed(0)} s at exactly N a minute`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { 'per-minute': { type: 'string', default: '100' }, tenders: { type: 'string', default: '2000' }, 'page-size': { type: 'string', default: '10' } } });
  reportRateUse(await benchRateUse({ perMinute: Number(values['per-minute']), tenders: Number(values.tenders), pageSize: Number(values['page-size']) }));
}
