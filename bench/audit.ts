/**
 * Benchmark of the charge audit (`tenderwb audit`, the app's `ledger.audit`) over a cache whose ledger has
 * `rows` rows, each one delivered version of the sandbox catalogue charged once (plus a few charged again,
 * so the repeat check has work). Baseline, same run: reading the same ledger rows from the cache and
 * looking up each row's version once (the floor of any audit that checks every row against the cache).
 *
 *   npx tsx bench/audit.ts [--rows 100000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { auditCache } from '../src-main/audit/auditCache';
import { openCache } from '../src-main/cache/database';
import { feedStore } from '../src-main/cache/feedStore';
import { ledgerStore, type LedgerRow } from '../src-main/cache/ledgerStore';
import { versionStore } from '../src-main/cache/versionStore';
import { feedPages, openCatalogue } from './cache';

export type AuditFigures = { rows: number; auditMs: number; baselineMs: number; ok: boolean; matched: number; repeats: number };

export function benchAudit(rows = 100_000, log: (line: string) => void = console.log): Promise<AuditFigures> {
  return (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tenderwb-audit-bench-'));
    const cache = openCache(join(dir, 'cache.db'));
    const catalogue = openCatalogue(Math.max(1000, Math.ceil(rows / 1.2)), 1, log);
    try {
      const feeds = feedStore(cache);
      const ledger: LedgerRow[] = [];
      let page = 0;
      for (const items of feedPages(catalogue, 'tender', 100, rows)) {
        const requestId = `req_bench_${++page}`;
        feeds.saveFeedPage({
          filterId: 'flt_bench', feed: 'tender', stream: 'created,updated', cursor: `cur_${page}`, requestId,
          receivedAt: new Date().toISOString(), items, charge: { charged: items.length, stated: true, periodTotal: null },
        });
        for (const it of items) {
          ledger.push({ id: ledger.length + 1, balanceType: 'tenders', amount: 1, objectId: it.id, version: it.version, filterId: 'flt_bench', requestId, createdAt: null });
        }
      }
      const store = ledgerStore(cache);
      for (let i = 0; i < ledger.length; i += 10_000) store.upsertRows(ledger.slice(i, i + 10_000));

      let t0 = performance.now();
      const versions = versionStore(cache);
      let held = 0;
      for (const r of store.rows()) if (versions.has('tender', r.objectId, r.version)) held++;
      const baselineMs = performance.now() - t0;

      t0 = performance.now();
      const v = await auditCache(cache, null);
      const auditMs = performance.now() - t0;
      if (held !== v.matched) log(`  (baseline held ${held}, audit matched ${v.matched})`);
      return { rows: v.rows, auditMs, baselineMs, ok: v.ok, matched: v.matched, repeats: v.repeatCharges.length };
    } finally {
      catalogue.close();
      cache.close();
      rmSync(dir, { recursive: true, force: true });
    }
  })();
}

export function reportAudit(f: AuditFigures, log: (line: string) => void = console.log): void {
  log(`charge audit over a ${f.rows.toLocaleString('en')}-row ledger (baseline: each row read and its version looked up once)`);
  log(`  audit ${f.auditMs.toFixed(0)} ms (${f.ok ? 'ok' : 'NOT ok'}, ${f.matched} matched), baseline ${f.baselineMs.toFixed(0)} ms = ${(f.auditMs / f.baselineMs).toFixed(2)} × the baseline`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' } } });
  reportAudit(await benchAudit(Number(values.rows)));
}
