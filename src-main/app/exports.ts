/**
 * CSV or XLSX of what the app shows besides lists: a saved search's cached results (search.export) and the
 * ledger (ledger.export), and the export history (exports.history). Same target handling and Excel
 * choice as the list export (csvExport.ts); nothing is fetched, so an export costs nothing.
 */
import { exportHistory } from '../cache/exportHistory';
import type { Handlers } from '../contract/ipc';
import { exportLedgerCsv, ledgerColumns } from '../export/ledgerExport';
import { searchSubject } from '../export/provenance';
import { exportSearchResultsCsv } from '../export/resultsExport';
import { savedSearchName } from '../i18n/criteriaSummary';
import type { HostPlatform } from './hostPlatform';
import type { AppContext } from './context';
import { chosenColumns, chosenOf, datedFileName, exportToTarget } from './csvExport';

type ExportHandlers = Pick<Handlers, 'search.export' | 'ledger.exportColumns' | 'ledger.export' | 'exports.history'>;

export function exportHandlers(ctx: AppContext, platform: HostPlatform): ExportHandlers {
  return {
    'search.export': async ({ filterId, sort, columns, delimiter, excel, format }) => {
      const session = ctx.currentGeneration();
      session.current.requireSaved(filterId);
      const chosen = chosenColumns(columns, true);
      // Named as the saved-search view names it: its label, else its criteria in words (never its filter id).
      const search = searchSubject(session.cache, filterId);
      const name = search.kind === 'search' ? savedSearchName(search, ctx.locale) : filterId;
      return exportToTarget(platform, ctx.rootDir, session, datedFileName(name, 'search', format), (target) =>
        exportSearchResultsCsv(session.cache, filterId, chosen, target, { ...(sort ? { sort } : {}), delimiter, keepTextAsText: excel, format, locale: ctx.locale }),
      );
    },

    'ledger.exportColumns': async () => ledgerColumns(ctx.locale).map((c) => ({ key: c.key, title: c.title[ctx.locale] })),

    'ledger.export': async ({ columns, delimiter, excel, format }) => {
      const session = ctx.currentGeneration();
      const chosen = chosenOf(ledgerColumns(ctx.locale), columns);
      const fileName = ctx.locale === 'en' ? 'ledger' : 'журнал списаний';
      return exportToTarget(platform, ctx.rootDir, session, datedFileName(fileName, 'ledger', format), (target) =>
        exportLedgerCsv(session.cache, chosen, target, { delimiter, keepTextAsText: excel, format, locale: ctx.locale }),
      );
    },

    'exports.history': async () => exportHistory(ctx.session().cache).list(),
  };
}
