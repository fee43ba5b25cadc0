/**
 * Why the core runs in a worker: the event-loop lag of the thread that draws the window (Electron's main
 * thread; browser mode's server) while a large sync is stored. Not a test.
 *
 *   npx tsx bench/hostLag.ts [--tenders 100000] [--versions 100000]
 *
 * The same work twice, each time with a 5 ms heartbeat timer on the parent thread whose late firings are
 * the lag a user feels (a frame, a click, an IPC answer waiting):
 * - worker: the core host runs a bench core (hostLagCore.ts) in its worker thread, whose `sync.start` stores
 *   the sandbox catalogue's feed pages in a real cache (saveFeedPage: one transaction per 100-item page);
 * - in-thread (the baseline): the same pages stored on the parent thread, yielding to the event loop between
 *   pages as the sync engine does while it waits for the network -- what the app would do without the worker.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startCoreHost } from '../src-main/app/host/coreHost';
import { feedStore } from '../src-main/cache/feedStore';
import { openCache } from '../src-main/cache/database';
import { feedPages, openCatalogue, spread, type Spread } from './cache';

export interface IngestResult {
  readonly versions: number;
  readonly pages: number;
  readonly ms: number;
}

/** Stores the first `versions` tender versions of the catalogue as feed pages; yields between pages. */
export async function ingestSync(o: { tenders: number; versions: number; file: string }): Promise<IngestResult> {
  const catalogue = openCatalogue(o.tenders, 1, () => undefined);
  const cache = openCache(o.file);
  try {
    const feeds = feedStore(cache);
    const started = performance.now();
    let versions = 0;
    let pages = 0;
    for (const items of feedPages(catalogue, 'tender', 100, o.versions)) {
      pages++;
      feeds.saveFeedPage({
        filterId: 'flt_lag0000000000000000000',
        feed: 'tender',
        stream: 'created,updated',
        cursor: `cur_lag_${pages}`,
        requestId: `req_lag_${pages}`,
        receivedAt: new Date(Date.UTC(2026, 0, 1) + pages * 1000).toISOString(),
        items,
      });
      versions += items.length;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { versions, pages, ms: performance.now() - started };
  } finally {
    cache.close();
    catalogue.close();
  }
}

export interface LagFigures {
  readonly lagMs: Spread;
  /** Share of heartbeats more than one 60 Hz frame (16 ms) late: the stutter a user sees. */
  readonly lateShare: number;
  readonly ingest: IngestResult;
}

/** Runs `work` with a 5 ms heartbeat on this thread; the lag is how late each beat fired. */
async function withHeartbeat(work: () => Promise<IngestResult>): Promise<LagFigures> {
  const period = 5;
  const lags: number[] = [];
  let last = performance.now();
  const beat = setInterval(() => {
    const now = performance.now();
    lags.push(Math.max(0, now - last - period));
    last = now;
  }, period);
  try {
    const ingest = await work();
    return { lagMs: spread(lags), lateShare: lags.filter((l) => l > 16).length / Math.max(1, lags.length), ingest };
  } finally {
    clearInterval(beat);
  }
}

export async function benchHostLag(o: { tenders: number; versions: number }): Promise<{ worker: LagFigures; inThread: LagFigures }> {
  openCatalogue(o.tenders).close(); // generated (or found) before anything is timed
  const dir = mkdtempSync(join(tmpdir(), 'tenderwb-host-lag-'));
  try {
    const host = await startCoreHost({
      dataDir: dir,
      sandbox: { kind: 'none' },
      platform: { mode: 'browser', openExternal: async () => false },
      version: 'bench',
      coreModule: pathToFileURL(join(import.meta.dirname, 'hostLagCore.ts')),
      env: { ...process.env, TENDERWB_LAG_TENDERS: String(o.tenders), TENDERWB_LAG_VERSIONS: String(o.versions) },
    });
    let worker: LagFigures;
    try {
      worker = await withHeartbeat(async () => {
        const r = await host.invoke('sync.start', { filterId: 'flt_lag' });
        if (!r.ok) throw new Error(r.error.message);
        return JSON.parse((r.value as { jobId: string }).jobId.slice('job_'.length).replaceAll('_', ',')) as IngestResult;
      });
    } finally {
      await host.close();
    }
    const inThread = await withHeartbeat(() => ingestSync({ ...o, file: join(dir, 'in-thread.db') }));
    return { worker, inThread };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (v: number): string => `${v.toFixed(v < 10 ? 1 : 0)} ms`;

export function reportHostLag(f: { worker: LagFigures; inThread: LagFigures }, log: (line: string) => void = console.log): void {
  const line = (name: string, x: LagFigures): string =>
    `  ${name.padEnd(10)} lag p50 ${ms(x.lagMs.p50).padStart(7)}, p99 ${ms(x.lagMs.p99).padStart(7)}, max ${ms(x.lagMs.max).padStart(7)}, ` +
    `${(x.lateShare * 100).toFixed(1).padStart(5)} % of beats > 16 ms` +
    `   (${x.ingest.versions.toLocaleString('en')} versions in ${(x.ingest.ms / 1000).toFixed(1)} s, ${Math.round(x.ingest.versions / (x.ingest.ms / 1000)).toLocaleString('en')}/s)`;
  log('PARENT-THREAD EVENT-LOOP LAG DURING A LARGE SYNC (5 ms heartbeat; the window thread in the app)');
  log(line('worker', f.worker));
  log(line('in-thread', f.inThread));
  const ratio = (a: number, b: number): string => (a <= 0 ? (b > 0 ? 'inf' : 'n/a') : `${(b / a).toFixed(1)}x`);
  log(
    `  in-thread / worker: p50 ${ratio(f.worker.lagMs.p50, f.inThread.lagMs.p50)}, p99 ${ratio(f.worker.lagMs.p99, f.inThread.lagMs.p99)}, ` +
      `beats > 16 ms ${ratio(f.worker.lateShare, f.inThread.lateShare)} (baseline: the same pages stored on the parent thread; ` +
      'on a loaded 2-core machine the worker\'s residual lag is the parent waiting for a core)',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { tenders: { type: 'string', default: '100000' }, versions: { type: 'string', default: '100000' } } });
  reportHostLag(await benchHostLag({ tenders: Number(values.tenders), versions: Number(values.versions) }));
}
