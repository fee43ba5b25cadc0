/**
 * `npm run bench`: every benchmark of the core, each figure beside a baseline measured in the same run
 * (these machines are noisy; ratios travel, absolute numbers less so). Not a test.
 *
 *   npm run bench [-- --tenders 1000000] [--export-rows 100000] [--lag-versions 100000] [--any-node]
 */
// First: the runtime check, before a module that needs Node 24 (undici 8) is even loaded.
import './runtimeCheck';
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { runCacheBench } from './cache';
import { benchExport, reportExport } from './export';
import { benchXlsxExport, reportXlsxExport } from './xlsxExport';
import { benchHostLag, reportHostLag } from './hostLag';
import { benchSandboxTick, reportSandboxTick } from './sandboxTick';
import { benchAudit, reportAudit } from './audit';
import { benchRateUse, reportRateUse } from './rateUse';
import { benchColdStart, reportColdStart } from './coldStart';
import { benchRenderer, reportRenderer } from './rendererScale';
import { runInsightsBench } from './insights';
import { benchEnrichPreview, reportEnrichPreview } from './enrichPreview';
import { benchTeamPush, reportTeamPush } from './teamPush';
import { benchCliStart, reportCliStart } from './cliStart';
import { benchTriage, reportTriage } from './triage';
import { benchDocumentExtraction, benchDocumentSearch, reportDocuments } from './documents';
import { benchFreshCache, reportFreshCache } from './freshCache';

const { values } = parseArgs({
  options: {
    tenders: { type: 'string', default: '1000000' },
    'export-rows': { type: 'string', default: '100000' },
    'lag-versions': { type: 'string', default: '100000' },
    // Read by ./runtimeCheck before anything else loads.
    'any-node': { type: 'boolean', default: false },
  },
});

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}`);
console.log('');
// The CLI's start first, on a quiet disk: tenderwb --help, profile list and cache search on a cache of that many
// tenders (kept between runs: bench/cliStart.ts), beside `node -e 0` in the same rounds.
reportCliStart(await benchCliStart({ tenders: Number(values.tenders) }));
console.log('');
// The export next: run after the cache bench had written and deleted its ~5 GB of files, the export and
// its baseline both took ~1.5x as long as on their own (2026-11-24), the disk still busy with that.
reportExport(await benchExport(Number(values['export-rows'])));
console.log('');
// XLSX of the same list beside its CSV, in one run.
reportXlsxExport(await benchXlsxExport(Number(values['export-rows'])));
console.log('');
reportSandboxTick(benchSandboxTick());
console.log('');
// A new cache file: from the schema snapshot beside replaying every migration.
reportFreshCache(benchFreshCache());
console.log('');
// Documents' extraction beside a plain read of the same bytes, and search inside 100,000 documents.
reportDocuments(await benchDocumentExtraction(30), benchDocumentSearch(100_000));
console.log('');
reportAudit(await benchAudit());
console.log('');
// Triage: the model choice, ranking 10,000 undecided tenders and retraining after a changed mark.
reportTriage(benchTriage());
console.log('');
// Real time: about two minutes at the reference's 100 requests a minute.
reportRateUse(await benchRateUse());
console.log('');
reportRenderer(await benchRenderer());
console.log('');
reportColdStart(benchColdStart({ tenders: Number(values.tenders) }));
console.log('');
runCacheBench({ tenders: Number(values.tenders) });
console.log('');
// Dossiers, price benchmark and red flags over a cache of that size, and the ingest cost of their upkeep.
runInsightsBench({ tenders: Number(values.tenders) });
console.log('');
// What enrichment reads before it opens a card: the preview, the start and the job each plan.
reportEnrichPreview(benchEnrichPreview());
console.log('');
// The team push of that many tender versions into a throwaway PostgreSQL, beside a plain COPY of the same rows.
reportTeamPush(await benchTeamPush({ tenders: Number(values.tenders) }));
console.log('');
reportHostLag(await benchHostLag({ tenders: Number(values.tenders), versions: Number(values['lag-versions']) }));
