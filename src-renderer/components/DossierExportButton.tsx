/**
 * «Выгрузить в Excel» on a dossier: the core writes the dossier as an XLSX workbook (its figures, a
 * sheet per table, «Источник») to where the user chooses, or answers a one-time link in browser mode.
 */
import { call } from '../bridge/client';
import { formatInt } from '../format/format';
import { useLocale, useStrings, type Strings } from '../i18n/i18n';
import { ErrorNotice } from './ErrorNotice';
import { useFileExport } from './useFileExport';

const strings: Strings<{ run: string; busy: string; saved: (rows: string, where: string) => string; downloading: (file: string) => string; cancelled: string }> = {
  ru: {
    run: 'Выгрузить досье в Excel',
    busy: 'Выгружаем…',
    saved: (rows, where) => `Выгружено строк: ${rows} → ${where}`,
    downloading: (file) => `Файл «${file}» скачивается.`,
    cancelled: 'Сохранение отменено.',
  },
  en: {
    run: 'Export the dossier to Excel',
    busy: 'Exporting…',
    saved: (rows, where) => `Rows exported: ${rows} → ${where}`,
    downloading: (file) => `“${file}” is downloading.`,
    cancelled: 'Saving was cancelled.',
  },
};

export function DossierExportButton({ party, inn }: { party: 'customer' | 'supplier'; inn: string }) {
  const s = useStrings(strings);
  const locale = useLocale();
  const { run, busy, error, result } = useFileExport(() => call('insights.exportDossier', { party, inn }));
  return (
    <div className="insights__export">
      <button type="button" onClick={() => void run()} disabled={busy} data-testid="dossier-export">
        {busy ? s.busy : s.run}
      </button>
      {result && (
        <span role="status" data-testid="dossier-exported" data-rows={result.rows}>
          {result.downloadUrl ? s.downloading(result.fileName) : result.saved ? s.saved(formatInt(result.rows, locale), result.path ?? result.fileName) : s.cancelled}
        </span>
      )}
      <ErrorNotice error={error} testId="dossier-export-error" />
    </div>
  );
}
