/**
 * CSV of what the app shows besides lists: a saved search's cached results (search.export) and the ledger
 * (ledger.export). Same target handling and Excel choice as the list export (csvExport.ts); nothing is
 * fetched, so an export costs nothing.
 */
import type { Handlers } from '../contract/ipc';
import { chosenLedgerColumns, exportLedgerCsv, ledgerColumns } from '../export/ledgerExport';
import { exportSearchResultsCsv } from '../export/resultsExport';
import type { HostPlatform } from './hostPlatform';
import type { AppContext } from './context';
import { chosenColumns, exportToTarget, safeFileName } from './csvExport';
import { appError } from './errors';

type ExportHandlers = Pick<Handlers, 'search.export' | 'ledger.exportColumns' | 'ledger.export'>;

export function exportHandlers(ctx: AppContext, platform: HostPlatform): ExportHandlers {
  return {
    'search.export': async ({ filterId, sort, columns, delimiter, excel }) => {
      const session = ctx.currentGeneration();
      const search = session.current.requireSaved(filterId);
      const chosen = chosenColumns(columns);
      return exportToTarget(platform, session, safeFileName(search.label ?? filterId, 'search'), (target) =>
        exportSearchResultsCsv(session.cache, filterId, chosen, target, { ...(sort ? { sort } : {}), delimiter, keepTextAsText: excel }),
      );
    },

    'ledger.exportColumns': async () => ledgerColumns(ctx.locale).map((c) => ({ key: c.key, title: c.title[ctx.locale] })),

    'ledger.export': async ({ columns, delimiter, excel }) => {
      const session = ctx.currentGeneration();
      const known = new Set(ledgerColumns().map((c) => c.key));
      const unknown = columns.filter((k) => !known.has(k));
      if (unknown.length || new Set(columns).size !== columns.length) {
        throw appError('invalid_input', `Неизвестные или повторённые столбцы: ${unknown.join(', ') || 'повтор'}.`, `Unknown or repeated columns: ${unknown.join(', ') || 'repeated'}.`);
      }
      const fileName = ctx.locale === 'en' ? 'ledger' : 'журнал списаний';
      return exportToTarget(platform, session, safeFileName(fileName, 'ledger'), (target) =>
        exportLedgerCsv(session.cache, chosenLedgerColumns(columns, ctx.locale), target, { delimiter, keepTextAsText: excel }),
      );
    },
  };
}
