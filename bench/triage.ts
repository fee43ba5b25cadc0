/**
 * Benchmark of triage on a fixture cache with a known rule (test/triage/fixture.ts: computers of
 * OKPD2 26.20 for Moscow customers; «компьютер» also in tomographs and other regions; noise words):
 * - the model choice: logistic regression and naive Bayes trained on the same labels, their ranking quality on
 *   the unlabelled tenders (AUC, precision at 20, Brier score for calibration) and their training time;
 * - ranking every undecided tender of the cache (default 10,000), cold (features read from the versions) and
 *   warm (features from their rows), beside a baseline in the same run: the same tenders listed newest first
 *   (ids, names and dates read, what the view shows without triage);
 * - retraining after one changed mark, beside a baseline: the labels and their features read without training.
 *
 *   npx tsx bench/triage.ts [--tenders 10000] [--labels 2000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { openCache } from '../src-main/cache/database';
import { markStore } from '../src-main/cache/markStore';
import { triageStore } from '../src-main/cache/triageStore';
import { labelsFrom } from '../src-main/domain/triageLabels';
import { aucOf, brierScore, precisionAt, probability, trainLogistic, trainNaiveBayes, type LinearModel } from '../src-main/triage/model';
import { tenderFacts } from '../src-main/triage/tenderFacts';
import { rankTenders, triageModel } from '../src-main/triage/triage';
import { deliverAll, fixtureTenders, markByRule } from '../test/triage/fixture';

export interface ModelFigures {
  kind: string;
  trainMs: number;
  auc: number;
  precisionAt20: number;
  brier: number;
}

export interface TriageFigures {
  tenders: number;
  labels: number;
  baseRate: number;
  models: ModelFigures[];
  rankColdMs: number;
  rankWarmMs: number;
  /** CPU time of the same (on a shared machine the wall time waits for other processes too). */
  rankWarmCpuMs: number;
  listBaselineMs: number;
  retrainMs: number;
  retrainCpuMs: number;
  retrainBaselineMs: number;
  /** The machine's 1-minute load average at the start and the end of the run (2 cores: above 2, others wait too). */
  load: [number, number];
}

const cpuMs = (since: NodeJS.CpuUsage): number => {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1000;
};

/** Rows the view or `triage --limit` shows with their reasons (every tender is scored and ordered). */
const SHOWN = 100;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export function benchTriage(tenders = 10_000, labels = 2_000): TriageFigures {
  const loadBefore = loadavg()[0]!;
  const dir = mkdtempSync(join(tmpdir(), 'tenderwb-triage-bench-'));
  const cache = openCache(join(dir, 'cache.db'));
  try {
    const all = fixtureTenders(tenders + labels);
    deliverAll(cache, all);
    const labelled = all.slice(0, labels);
    const unlabelled = all.slice(labels);
    markByRule(cache, labelled);
    const truth = new Map(unlabelled.map((t) => [t.id, t.interesting]));

    // Cold: every tender's features read from its version, stemmed and stored.
    let t0 = performance.now();
    rankTenders(cache, 'all');
    const rankColdMs = performance.now() - t0;

    const facts = new Map(tenderFacts(cache, all.map((t) => t.id)).map((f) => [f.id, f.features.map((x) => x.key)]));
    const examples = labelled.map((t) => ({ features: facts.get(t.id)!, positive: t.interesting }));
    const models: ModelFigures[] = [];
    for (const [kind, train] of [
      ['logistic regression (L2)', () => trainLogistic(examples)],
      ['naive Bayes (Laplace)', () => trainNaiveBayes(examples)],
    ] as const) {
      const times: number[] = [];
      let model: LinearModel | null = null;
      for (let i = 0; i < 5; i++) {
        t0 = performance.now();
        model = train();
        times.push(performance.now() - t0);
      }
      const scored = unlabelled.map((t) => ({ score: probability(model!, facts.get(t.id)!), positive: truth.get(t.id)! }));
      models.push({ kind, trainMs: median(times), auc: aucOf(scored)!, precisionAt20: precisionAt(scored, 20)!, brier: brierScore(scored)! });
    }

    const warm: number[] = [];
    const warmCpu: number[] = [];
    const list: number[] = [];
    const store = triageStore(cache);
    const listStmt = cache.db.prepare<{ ids: string }, { id: number; name: string | null; publish_at: number | null }>(
      'SELECT id, name, publish_at FROM tender WHERE id IN (SELECT value FROM json_each(@ids)) ORDER BY publish_at DESC, id DESC',
    );
    for (let i = 0; i < 5; i++) {
      t0 = performance.now();
      const c0 = process.cpuUsage();
      const ranked = rankTenders(cache, 'all', { limit: SHOWN });
      warm.push(performance.now() - t0);
      warmCpu.push(cpuMs(c0));
      if (ranked.total !== unlabelled.length) throw new Error(`ranked ${ranked.tenders.length} of ${unlabelled.length}`);
      t0 = performance.now();
      listStmt.all({ ids: JSON.stringify(store.undecidedHeldIds()) });
      list.push(performance.now() - t0);
    }

    const retrain: number[] = [];
    const retrainCpu: number[] = [];
    const retrainBase: number[] = [];
    for (let i = 0; i < 5; i++) {
      const id = labelled[i]!.id;
      markStore(cache).apply({ tender_ids: [id], status: labelled[i]!.interesting ? 'declined' : 'preparing' });
      t0 = performance.now();
      const c0 = process.cpuUsage();
      const { info } = triageModel(cache);
      retrain.push(performance.now() - t0);
      retrainCpu.push(cpuMs(c0));
      if (!info.retrained) throw new Error('a changed mark did not retrain the model');
      t0 = performance.now();
      const read = labelsFrom(store.decisions(), false);
      const examplesRead = tenderFacts(cache, read.map((l) => l.tender_id));
      if (examplesRead.length !== labels) throw new Error(`read ${examplesRead.length} labelled tenders of ${labels}`);
      retrainBase.push(performance.now() - t0);
    }
    return {
      tenders,
      labels,
      baseRate: unlabelled.filter((t) => t.interesting).length / unlabelled.length,
      models,
      rankColdMs,
      rankWarmMs: median(warm),
      rankWarmCpuMs: median(warmCpu),
      listBaselineMs: median(list),
      retrainMs: median(retrain),
      retrainCpuMs: median(retrainCpu),
      retrainBaselineMs: median(retrainBase),
      load: [loadBefore, loadavg()[0]!],
    };
  } finally {
    cache.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function reportTriage(f: TriageFigures, log: (line: string) => void = console.log): void {
  log(`triage over ${f.tenders.toLocaleString('en')} undecided tenders, ${f.labels.toLocaleString('en')} labels (hidden rule base rate ${(f.baseRate * 100).toFixed(1)} %), load ${f.load[0].toFixed(1)} → ${f.load[1].toFixed(1)}`);
  for (const m of f.models) {
    log(`  ${m.kind}: train ${m.trainMs.toFixed(0)} ms, AUC ${m.auc.toFixed(3)}, precision@20 ${(m.precisionAt20 * 100).toFixed(0)} %, Brier ${m.brier.toFixed(3)}`);
  }
  log(`  rank all (reasons for the first ${SHOWN}): warm ${f.rankWarmMs.toFixed(0)} ms (CPU ${f.rankWarmCpuMs.toFixed(0)} ms; goal < 1000), cold ${f.rankColdMs.toFixed(0)} ms (features read once); baseline newest-first list ${f.listBaselineMs.toFixed(0)} ms = ${(f.rankWarmMs / f.listBaselineMs).toFixed(1)} × the baseline`);
  log(`  retrain after one changed mark: ${f.retrainMs.toFixed(0)} ms (CPU ${f.retrainCpuMs.toFixed(0)} ms; goal < 200); baseline labels and features read ${f.retrainBaselineMs.toFixed(0)} ms`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { tenders: { type: 'string', default: '10000' }, labels: { type: 'string', default: '2000' } } });
  reportTriage(benchTriage(Number(values.tenders), Number(values.labels)));
}
