/**
 * insights.*: answers computed from the cache: customer and supplier dossiers (also as XLSX, issue
 * 16), the competitors of a saved search or list, the price benchmark and its CSV, red flags and their
 * dismissal. Thin: each handler calls src-main/insights/ on the session's cache (current generation: contracts and cards are its own);
 * nothing is fetched, so none of them costs anything.
 */
import type { Handlers } from '../contract/ipc';
import { exportDossierXlsx } from '../export/dossierExport';
import { writePriceBenchmarkCsv } from '../export/priceBenchmarkCsv';
import { competitors, customerDossier, priceBenchmark, supplierDossier } from '../insights/index';
import { dismissFlag, FLAG_CATALOGUE, flagsFor, restoreFlag } from '../insights/flags/index';
import type { HostPlatform } from './hostPlatform';
import type { AppContext } from './context';
import { exportToTarget, safeFileName } from './csvExport';

type InsightHandlers = Pick<
  Handlers,
  | 'insights.customer'
  | 'insights.supplier'
  | 'insights.competitors'
  | 'insights.prices'
  | 'insights.pricesExport'
  | 'insights.exportDossier'
  | 'insights.flagCatalogue'
  | 'insights.flags'
  | 'insights.dismissFlag'
  | 'insights.restoreFlag'
>;

export function insightHandlers(ctx: AppContext, platform: HostPlatform): InsightHandlers {
  const cache = () => ctx.currentGeneration().cache;
  return {
    'insights.customer': async ({ inn }) => customerDossier(cache(), inn),
    'insights.supplier': async ({ inn }) => supplierDossier(cache(), inn),
    'insights.competitors': async ({ scope }) => competitors(cache(), scope, ctx.locale),
    'insights.prices': async (query) => priceBenchmark(cache(), query),
    'insights.pricesExport': async ({ query, delimiter, excel }) => {
      const session = ctx.currentGeneration();
      const benchmark = priceBenchmark(session.cache, query);
      const name = `${ctx.locale === 'en' ? 'prices' : 'цены'} ${query.code}`;
      return exportToTarget(platform, ctx.rootDir, session, safeFileName(name, 'prices'), (target) =>
        writePriceBenchmarkCsv(session.cache, benchmark, target, { delimiter, keepTextAsText: excel, locale: ctx.locale }),
      );
    },
    'insights.exportDossier': async ({ party, inn }) => {
      const session = ctx.currentGeneration();
      const dossier = party === 'customer' ? { party, dossier: customerDossier(session.cache, inn) } : { party, dossier: supplierDossier(session.cache, inn) };
      const name = `${ctx.locale === 'en' ? (party === 'customer' ? 'customer' : 'supplier') : party === 'customer' ? 'заказчик' : 'поставщик'} ${inn}`;
      return exportToTarget(platform, ctx.rootDir, session, safeFileName(name, 'dossier', 'xlsx'), (target) => exportDossierXlsx(session.cache, dossier, target, ctx.locale));
    },
    'insights.flagCatalogue': async () => [...FLAG_CATALOGUE],
    'insights.flags': async ({ scope }) => flagsFor(cache(), scope, ctx.locale),
    'insights.dismissFlag': async ({ code, object, note }) => {
      dismissFlag(cache(), code, object.kind, object.id, note ?? null);
      return { dismissed: true };
    },
    'insights.restoreFlag': async ({ code, object }) => ({ restored: restoreFlag(cache(), code, object.kind, object.id) }),
  };
}
