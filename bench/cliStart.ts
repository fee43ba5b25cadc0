/**
 * `tenderwb` start: wall time from spawning the shipped bin to its exit, beside `node -e 0` started the
 * same way in the same run (the baseline: what any Node program pays), as differences and ratios to it.
 * Goals: `--help` within 150 ms of the baseline, `profile list` within 250 ms, `cache search WORD` on a
 * 1,000,000-tender cache within 400 ms. The commands are run in turn, round after round, so a burst of load on
 * this shared machine falls on all of them alike; the median of the rounds is reported.
 *
 * The cache is filled as bench/coldStart.ts fills one (every version of the sandbox catalogue's tenders, by feed
 * pages under one saved search) in a profile's folder, and kept between runs in
 * ~/.cache/tender-workbench/bench/ (TENDERWB_BENCH_CACHE overrides), named by its tender count and the cache's
 * schema version: filling a million tenders takes minutes, searching it is what is measured. A schema change
 * makes a new one; delete the folder to reclaim the space.
 *
 * `--compare PATH` also runs another bin in the same rounds (e.g. a checkout from before the bundle), for the
 * before/after figures in BENCHMARKS.md.
 *
 *   npx tsx bench/cliStart.ts [--tenders 1000000] [--runs 15] [--compare /path/to/other/src-main/cli/tenderwb.mjs]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { openCache } from '../src-main/cache/database';
import { feedStore } from '../src-main/cache/feedStore';
import { latestSchemaVersion } from '../src-main/cache/migrations/index';
import { ProfileRegistry } from '../src-main/profiles/profiles';
import { feedPages, openCatalogue } from './cache';
import { buildCliBundle } from '../scripts/cli-bundle/build';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'src-main', 'cli', 'tenderwb.mjs');
const FILTER = 'flt_clistart000000000000000';
const PROFILE = 'bench';
/** A word of many tenders' titles in the sandbox catalogue: the search finds a full page. */
export const SEARCH_WORD = 'благоустройству';

type Case = { name: string; goalMs: number | null; argv: string[]; env?: Record<string, string> };
export type CliStartFigures = { tenders: number; runs: number; loadBefore: number[]; loadAfter: number[]; fillSeconds: number | null; cases: { name: string; goalMs: number | null; ms: number[] }[]; baselineMs: number[] };

/** The data root holding the profile `bench` whose cache has `tenders` tenders: made once, then reused. */
function benchDataRoot(tenders: number, log: (line: string) => void): { root: string; fillSeconds: number | null } {
  const base = process.env.TENDERWB_BENCH_CACHE ?? join(homedir(), '.cache', 'tender-workbench', 'bench');
  const root = join(base, `cli-start-n${tenders}-schema${latestSchemaVersion()}`);
  if (existsSync(join(root, 'ready'))) return { root, fillSeconds: null };
  rmSync(root, { recursive: true, force: true });
  const filling = `${root}.filling-${process.pid}`;
  rmSync(filling, { recursive: true, force: true });
  mkdirSync(filling, { recursive: true });
  const started = performance.now();
  const registry = new ProfileRegistry(filling);
  const catalogue = openCatalogue(tenders, 1, log);
  try {
    // Profiles are added through the CLI, as a user adds them; the cache is written by the core's store.
    execFileSync(process.execPath, [BIN, '--data-dir', filling, 'profile', 'add', PROFILE, '--base-url', 'http://127.0.0.1:9/api/v2'], { stdio: 'ignore' });
    execFileSync(process.execPath, [BIN, '--data-dir', filling, 'profile', 'add', 'second', '--base-url', 'http://127.0.0.1:9/api/v2'], { stdio: 'ignore' });
    const cache = openCache(join(registry.dataDir(PROFILE), 'cache.db'));
    const feeds = feedStore(cache);
    let page = 0;
    for (const items of feedPages(catalogue, 'tender', 100)) {
      page++;
      feeds.saveFeedPage({ filterId: FILTER, feed: 'tender', stream: 'created,updated', cursor: `cur_${page}`, requestId: `req_cli_${page}`, receivedAt: new Date().toISOString(), items });
      if (page % 1000 === 0) log(`  cli start: filled ${(page * 100).toLocaleString('en')} versions`);
    }
    cache.close();
  } finally {
    catalogue.close();
  }
  writeFileSync(join(filling, 'ready'), '');
  renameSync(filling, root);
  const fillSeconds = (performance.now() - started) / 1000;
  log(`cli start: cache of ${tenders.toLocaleString('en')} tenders filled in ${fillSeconds.toFixed(0)} s, kept in ${root}`);
  return { root, fillSeconds };
}

function timeMs(argv: string[], env: Record<string, string> = {}): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, argv, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`${argv.join(' ')} exited ${r.status}: ${String(r.stderr).trim()}`);
  return ms;
}

export async function benchCliStart(o: { tenders?: number; runs?: number; compare?: string; log?: (line: string) => void } = {}): Promise<CliStartFigures> {
  const tenders = o.tenders ?? 1_000_000;
  const runs = o.runs ?? 15;
  const log = o.log ?? console.log;
  // The bundle users get from npm ci, fresh for this source (nothing is built when it is).
  await buildCliBundle();
  const { root, fillSeconds } = benchDataRoot(tenders, log);
  const token = { TENDERWB_TOKEN: 'bench-token-not-sent' };
  const cases: (Case & { bin: string })[] = [];
  for (const [label, bin] of [['', BIN], ...(o.compare ? [[' [compare]', o.compare]] : [])] as [string, string][]) {
    cases.push(
      { name: `tenderwb --help${label}`, goalMs: label ? null : 150, bin, argv: ['--help'] },
      // The token from the environment: the figure is the CLI's, not the keychain's (D-Bus, the OS's daemon).
      { name: `tenderwb profile list${label}`, goalMs: label ? null : 250, bin, argv: ['--data-dir', root, 'profile', 'list'], env: token },
      { name: `tenderwb cache search ${SEARCH_WORD}${label}`, goalMs: label ? null : 400, bin, argv: ['--data-dir', root, '--profile', PROFILE, 'cache', 'search', SEARCH_WORD], env: token },
    );
  }
  cases.push({ name: 'tenderwb --help, source through tsx (TENDERWB_CLI_SOURCE=1)', goalMs: null, bin: BIN, argv: ['--help'], env: { TENDERWB_CLI_SOURCE: '1' } });
  const loadBefore = loadavg();
  // One warm-up round: the OS's file cache then holds the code and the cache's pages, as on any second start.
  timeMs(['-e', '0']);
  for (const c of cases) timeMs([c.bin, ...c.argv], c.env);
  const baselineMs: number[] = [];
  const ms = cases.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) {
    baselineMs.push(timeMs(['-e', '0']));
    cases.forEach((c, k) => ms[k]!.push(timeMs([c.bin, ...c.argv], c.env)));
  }
  return { tenders, runs, loadBefore, loadAfter: loadavg(), fillSeconds, cases: cases.map((c, k) => ({ name: c.name, goalMs: c.goalMs, ms: ms[k]! })), baselineMs };
}

const med = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

export function reportCliStart(f: CliStartFigures, log: (line: string) => void = console.log): void {
  const base = med(f.baselineMs);
  const load = (l: number[]): string => l.map((x) => x.toFixed(2)).join(' ');
  log(`tenderwb start, Node ${process.version} (median of ${f.runs} rounds; baseline \`node -e 0\` in the same rounds: ${base.toFixed(0)} ms; load average ${load(f.loadBefore)} before, ${load(f.loadAfter)} after)`);
  for (const c of f.cases) {
    const m = med(c.ms);
    const verdict = c.goalMs === null ? '' : m - base <= c.goalMs ? `, goal ≤ +${c.goalMs} ms: met` : `, goal ≤ +${c.goalMs} ms: NOT met`;
    log(`  ${c.name.padEnd(58)} ${m.toFixed(0).padStart(6)} ms = baseline +${(m - base).toFixed(0)} ms (${(m / base).toFixed(2)} ×)${verdict}`);
  }
  log(`  on a cache of ${f.tenders.toLocaleString('en')} tenders${f.fillSeconds === null ? ' (kept from an earlier run)' : ` (filled in ${f.fillSeconds.toFixed(0)} s)`}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { tenders: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '15' }, compare: { type: 'string' } } });
  reportCliStart(await benchCliStart({ tenders: Number(values.tenders), runs: Number(values.runs), compare: values.compare }));
}
