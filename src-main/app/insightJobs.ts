/**
 * insights.enrich* and insights.backfill*: the paid (or possibly paid) reads behind the dossiers and the price
 * benchmark, thin over the session's workbench (current/enrich.ts, current/backfill.ts). Each preview
 * comes first and costs nothing (enrichment) or at most one unit (a backfill's one-item QUERY); each start is
 * planned again in the core, so a caller cannot skip consent. Progress comes as `sync.progress`.
 */
import type { Handlers } from '../contract/ipc';
import type { AppContext } from './context';

type InsightJobHandlers = Pick<Handlers, 'insights.enrichEstimate' | 'insights.enrichStart' | 'insights.backfillEstimate' | 'insights.backfillStart'>;

export function insightJobHandlers(ctx: AppContext): InsightJobHandlers {
  const wb = () => ctx.currentWorkbench();
  return {
    'insights.enrichEstimate': async ({ kinds, maxSpend }) => wb().enrichEstimate(kinds, maxSpend),
    'insights.enrichStart': async ({ kinds, maxSpend, confirmCost }) =>
      wb().enrichStart({ kinds, ...(maxSpend !== undefined ? { maxSpend } : {}), ...(confirmCost !== undefined ? { confirmCost } : {}) }),
    'insights.backfillEstimate': ({ kind, inn, maxSpend }) => wb().backfillEstimate({ kind, inn }, maxSpend),
    'insights.backfillStart': ({ kind, inn, maxSpend, confirmCost }) =>
      wb().backfillStart({ kind, inn }, { ...(maxSpend !== undefined ? { maxSpend } : {}), ...(confirmCost !== undefined ? { confirmCost } : {}), locale: ctx.locale }),
  };
}
