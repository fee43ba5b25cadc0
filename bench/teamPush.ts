/**
 * The team push at scale (1,000,000 tender versions in under 5 minutes), beside a plain COPY of the same
 * rows in the same run.
 *
 *   npx tsx bench/teamPush.ts [--tenders 1000000] [--cache FILE]
 *
 * Data: the first N tender versions of the sandbox catalogue (bench/cache.ts's generator) stored in feed pages of
 * 100 through the cache's write path (not timed), or a cache file already made so (`--cache`, e.g. kept from an
 * earlier run: the push only reads it, and each run's throwaway cluster is a new team, so its cursors start at 0).
 * A throwaway PostgreSQL cluster (test/team/postgresCluster.ts: the distribution's server, fsync off), the team
 * schema migrated.
 * Figures:
 * - push: team/push.ts's whole half (cache reads and decoding, the BI columns, COPY into staging tables,
 *   INSERT ... ON CONFLICT DO NOTHING per chunk, the cursor per chunk) into the empty team database; rows/s.
 * - baseline: the same rows — the same columns and jsonb bodies, read back from the team table — streamed with
 *   one `COPY ... TO STDOUT` piped into `COPY ... FROM STDIN` of an empty table with the same columns, keys and
 *   indexes (`LIKE ... INCLUDING ALL`): what PostgreSQL itself needs to take these rows in bulk.
 * The ratio push / baseline says what the push adds over the floor. Goal: the push of 1,000,000 under 300 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { openCache } from '../src-main/cache/database';
import { feedStore } from '../src-main/cache/feedStore';
import { pushToTeam } from '../src-main/team/push';
import { openTeamConnection } from '../src-main/teamdb/connection';
import { startPostgres } from '../test/team/postgresCluster';
import { feedPages, openCatalogue } from './cache';

export interface TeamPushFigures {
  versions: number;
  pushSeconds: number;
  pushRate: number;
  baselineSeconds: number;
  baselineRate: number;
  /** push / baseline time. */
  ratio: number;
  /** Megabytes of JSON bodies (as text) pushed. */
  bodyMb: number;
  /** Peak RSS of this process during the push. */
  peakRssMb: number;
}

const COLUMNS = `id, version, body, notice_number, name, customer_inn, customer_name, price, currency, law, status, region, published_at, end_at,
  delivered_at, via, event, request_id, filter_id, billed, machine_id`;

function fillCache(file: string, tenders: number, log: (line: string) => void): void {
  const cat = openCatalogue(tenders, 1, log);
  const cache = openCache(file);
  try {
    const feed = feedStore(cache);
    let n = 0;
    for (const items of feedPages(cat, 'tender', 100, tenders)) {
      n += 1;
      feed.saveFeedPage({
        filterId: 'flt_bench', feed: 'tender', stream: 'created,updated', cursor: `c${n}`, requestId: `req_${n}`,
        receivedAt: new Date(Date.UTC(2026, 10, 1) + n * 1000).toISOString(), items,
      });
    }
  } finally {
    cache.close();
    cat.close();
  }
}

export async function benchTeamPush(o: { tenders?: number; cacheFile?: string } = {}, log: (line: string) => void = console.log): Promise<TeamPushFigures> {
  const tenders = o.tenders ?? 1_000_000;
  const dir = mkdtempSync(join(tmpdir(), 'tenderwb-bench-push-'));
  const file = o.cacheFile ?? join(dir, 'cache.db');
  const pg = await startPostgres();
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
  try {
    if (o.cacheFile === undefined) {
      const started = Date.now();
      fillCache(file, tenders, log);
      log(`  (cache of ${tenders.toLocaleString('en')} tender versions made in ${((Date.now() - started) / 1000).toFixed(0)} s, not timed)`);
    }
    const url = await pg.createDatabase('team');
    const team = await openTeamConnection({ url, password: pg.password, appVersion: 'bench' });
    const cache = openCache(file);
    let pushMs: number;
    let versions: number;
    let pushPeakRss = 0;
    try {
      peakRss = process.memoryUsage().rss; // the push's own peak, not the untimed fill's
      const started = performance.now();
      const counts = await pushToTeam(cache, team);
      pushPeakRss = peakRss;
      pushMs = performance.now() - started;
      versions = counts.tender_version;
    } finally {
      cache.close();
    }
    const bodyMb = Number(await pg.psql('team', 'SELECT sum(octet_length(body::text)) / 1048576.0 FROM tenderwb.tender_version'));

    await pg.psql('team', 'CREATE TABLE tenderwb.baseline (LIKE tenderwb.tender_version INCLUDING ALL)');
    const source = await team.pool.connect();
    const target = await team.pool.connect();
    let baselineMs: number;
    try {
      const started = performance.now();
      await target.query('BEGIN');
      await pipeline(
        source.query(copyTo(`COPY (SELECT ${COLUMNS} FROM tenderwb.tender_version) TO STDOUT`)),
        target.query(copyFrom(`COPY tenderwb.baseline (${COLUMNS}) FROM STDIN`)),
      );
      await target.query('COMMIT');
      baselineMs = performance.now() - started;
    } finally {
      source.release();
      target.release();
    }
    const copied = Number(await pg.psql('team', 'SELECT count(*) FROM tenderwb.baseline'));
    if (copied !== versions) throw new Error(`the baseline copied ${copied} rows, the push ${versions}`);
    await team.close();
    return {
      versions,
      pushSeconds: pushMs / 1000,
      pushRate: versions / (pushMs / 1000),
      baselineSeconds: baselineMs / 1000,
      baselineRate: versions / (baselineMs / 1000),
      ratio: pushMs / baselineMs,
      bodyMb,
      peakRssMb: pushPeakRss / 2 ** 20,
    };
  } finally {
    clearInterval(sampler);
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function reportTeamPush(f: TeamPushFigures, log: (line: string) => void = console.log): void {
  log(`TEAM PUSH of ${f.versions.toLocaleString('en')} tender versions (${f.bodyMb.toFixed(0)} MB of JSON) into an empty team database, beside a plain COPY of the same rows`);
  log(`  push:     ${f.pushSeconds.toFixed(1)} s = ${Math.round(f.pushRate).toLocaleString('en')} rows/s (peak RSS ${f.peakRssMb.toFixed(0)} MB)`);
  log(`  baseline: ${f.baselineSeconds.toFixed(1)} s = ${Math.round(f.baselineRate).toLocaleString('en')} rows/s (COPY TO STDOUT piped into COPY FROM STDIN, same columns, keys and indexes)`);
  log(`  ratio push / baseline: ${f.ratio.toFixed(2)}x; goal: 1,000,000 in under 300 s -> ${(1_000_000 / f.pushRate).toFixed(0)} s at this rate`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { tenders: { type: 'string', default: '1000000' }, cache: { type: 'string' } } });
  reportTeamPush(await benchTeamPush({ tenders: Number(values.tenders), cacheFile: values.cache }));
}
