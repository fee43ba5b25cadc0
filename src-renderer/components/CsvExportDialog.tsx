/**
 * A table export with a column chooser. Where the export offers it (`offersFormat`: lists, search results, the
 * ledger), the file format: CSV or Excel XLSX (typed cells: numbers, dates, notice numbers and INNs as text,
 * and a «Источник» sheet saying where the rows came from; a CSV gets that in FILE.provenance.json). For CSV: which columns (checkboxes) in which order (up/down), the delimiter
 * (`;` by default, what Russian Excel expects) and, where the export offers it, which program the file is
 * for: Excel (numbers with leading zeros such as notice numbers and INNs written as `="…"`, so Excel keeps
 * them as text; the default, as analysts open exports in Excel) or other programs (plain text, read as data). The caller says what is exported (a list, a filter's tenders,
 * the favorites) through `loadColumns` and `runExport`. In Electron the core asks where to save; in browser
 * mode it answers a one-time link, which is downloaded here through an `<a download>`; a CSV's provenance comes
 * as a second link the user clicks (one download per click, which browsers allow).
 */
import { titleWithKeys } from '../state/commands/registry';
import { useCallback, useEffect, useState } from 'react';
import type { ExportFormat } from '../../src-main/domain/provenance';
import { formatInt } from '../format/format';
import { useStrings, type Strings, useLocale } from '../i18n/i18n';
import { chosenKeys, moveColumn, type ColumnChoice } from './csvColumns';
import { Dialog } from './Dialog';
import { ErrorNotice } from './ErrorNotice';
import { useLoad } from '../state/useLoad';
import { useFileExport, type ExportResult } from './useFileExport';
import { useProvideAction } from '../state/commands/actions';
import { ProvenanceLink } from './ProvenanceLink';

export type Delimiter = ';' | ',' | '\t';

const strings: Strings<{
  columns: string;
  up: string;
  down: string;
  delimiter: string;
  semicolon: string;
  comma: string;
  tab: string;
  target: string;
  forExcel: string;
  forOther: string;
  targetHint: string;
  doExport: string;
  exporting: string;
  cancel: string;
  exported: (rows: string, where: string) => string;
  exportedDownload: (rows: string, file: string) => string;
  exportCancelled: string;
  noColumns: string;
  all: string;
  nothing: string;
  format: string;
  formatCsv: string;
  formatXlsx: string;
  formatHint: string;
}> = {
  ru: {
    columns: 'Столбцы и их порядок',
    up: 'Выше',
    down: 'Ниже',
    delimiter: 'Разделитель',
    semicolon: 'Точка с запятой (Excel)',
    comma: 'Запятая',
    tab: 'Табуляция',
    target: 'Для программы',
    forExcel: 'Excel (номера с нулями впереди как ="…")',
    forOther: 'Другие программы (даты 2026-12-06, числа с точкой, номера как обычный текст)',
    targetHint:
      'Excel превращает номера извещений и ИНН с нулём впереди в числа и теряет нули; формула ="…" это предотвращает, но другие программы прочтут её как текст формулы. Для других программ даты записываются как 2026-12-06 и 2026-12-06 09:00:00 (московское время), суммы — с точкой и без пробелов между разрядами: так их читает как данные любая программа при любом языке системы.',
    doExport: 'Экспортировать',
    exporting: 'Экспортируем…',
    cancel: 'Закрыть',
    exported: (r, w) => `Выгружено строк: ${r} → ${w}`,
    exportedDownload: (r, f) => `Выгружено строк: ${r}, файл «${f}» скачивается.`,
    exportCancelled: 'Сохранение отменено.',
    noColumns: 'Выберите хотя бы один столбец.',
    all: 'Все',
    nothing: 'Ни одного',
    format: 'Формат файла',
    formatCsv: 'CSV',
    formatXlsx: 'Excel (XLSX)',
    formatHint: 'В XLSX числа — числа, даты — даты по московскому времени, номера и ИНН — текст; лист «Источник» говорит, откуда строки, насколько они свежи и сколько стоили. К CSV те же сведения — в файле .provenance.json: рядом с CSV, когда файл сохраняется на диск, а в браузере — второй ссылкой после выгрузки. Они же видны в «Выгрузках».',
  },
  en: {
    columns: 'Columns and their order',
    up: 'Up',
    down: 'Down',
    delimiter: 'Delimiter',
    semicolon: 'Semicolon (Excel)',
    comma: 'Comma',
    tab: 'Tab',
    target: 'For',
    forExcel: 'Excel (numbers with leading zeros as ="…")',
    forOther: 'Other programs (dates 2026-12-06, decimal point, numbers as plain text)',
    targetHint:
      'Excel turns notice numbers and INNs with a leading zero into numbers and drops the zeros; the ="…" formula prevents that, but other programs read it as formula text. For other programs, dates are written 2026-12-06 and 2026-12-06 09:00:00 (Moscow time) and amounts with a decimal point and no grouping, so any program reads them as data in any locale.',
    doExport: 'Export',
    exporting: 'Exporting…',
    cancel: 'Close',
    exported: (r, w) => `Rows exported: ${r} → ${w}`,
    exportedDownload: (r, f) => `Rows exported: ${r}; "${f}" is downloading.`,
    exportCancelled: 'Saving was cancelled.',
    noColumns: 'Choose at least one column.',
    all: 'All',
    nothing: 'None',
    format: 'File format',
    formatCsv: 'CSV',
    formatXlsx: 'Excel (XLSX)',
    formatHint: 'In XLSX numbers are numbers, dates are dates in Moscow time, numbers such as INNs are text; the «Источник» (source) sheet says where the rows came from, how fresh they are and what they cost. A CSV gets the same in a .provenance.json file: beside the CSV when it is saved to disk, or in the browser as a second link after the export. The «Exports» page shows it too.',
  },
};


export interface CsvExportDialogProps {
  title: string;
  /** Identifies what is exported, so the columns are asked for again when it changes. */
  sourceKey: string;
  loadColumns(): Promise<{ key: string; title: string }[]>;
  /**
   * `excel`: write numbers Excel would mangle as `="…"` (only asked when `offersExcelChoice`; true otherwise);
   * `format`: csv unless `offersFormat` and the user chose XLSX.
   */
  runExport(columns: string[], delimiter: Delimiter, excel: boolean, format: ExportFormat): Promise<ExportResult>;
  onClose(): void;
  /** Shows the Excel / other programs choice (the export must honour `excel`). */
  offersExcelChoice?: boolean;
  /** Shows the CSV / XLSX choice (the export must honour `format`). */
  offersFormat?: boolean;
  /** Prefix of the test ids (`lists-export` for lists). */
  testId?: string;
}

export function CsvExportDialog({ title, sourceKey, loadColumns, runExport, onClose, testId = 'lists-export', offersExcelChoice = false, offersFormat = false }: CsvExportDialogProps) {
  const s = useStrings(strings);
  const locale = useLocale();
  const available = useLoad(loadColumns, `export-columns-${sourceKey}`);
  const [columns, setColumns] = useState<ColumnChoice[]>([]);
  const [delimiter, setDelimiter] = useState<Delimiter>(';');
  const [excel, setExcel] = useState(true);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const exporter = useFileExport(() => runExport(chosenKeys(columns), delimiter, excel, format));
  const { busy, error, result } = exporter;
  const [problem, setProblem] = useState<string | null>(null);
  // The result line appears below the columns; on a short screen it would be out of view in the scrolled dialog.
  const inView = useCallback((el: HTMLElement | null) => el?.scrollIntoView?.({ block: 'nearest' }), []);

  useEffect(() => {
    if (available.data) setColumns(available.data.map((c) => ({ ...c, checked: true })));
  }, [available.data]);

  async function run() {
    setProblem(null);
    exporter.clear();
    if (chosenKeys(columns).length === 0) {
      setProblem(s.noColumns);
      return;
    }
    await exporter.run();
  }

  const setAll = (checked: boolean) => setColumns((cs) => cs.map((c) => ({ ...c, checked })));

  return (
    <Dialog title={title} onClose={onClose} testId={testId}>
      <fieldset className="lists__columns">
        <legend>{s.columns}</legend>
        <div className="lists__columnsTools">
          <button type="button" className="btn--link" onClick={() => setAll(true)} data-testid={`${testId}-all`}>
            {s.all}
          </button>
          <button type="button" className="btn--link" onClick={() => setAll(false)} data-testid={`${testId}-none`}>
            {s.nothing}
          </button>
        </div>
        <ol className="lists__columnList">
          {columns.map((c, i) => (
            <li key={c.key} data-testid={`${testId}-column`} data-key={c.key}>
              <label>
                <input
                  type="checkbox"
                  checked={c.checked}
                  onChange={(e) => setColumns((cs) => cs.map((x) => (x.key === c.key ? { ...x, checked: e.target.checked } : x)))}
                  data-testid={`${testId}-col-${c.key}`}
                />{' '}
                {c.title}
              </label>
              <span className="lists__move">
                <button type="button" disabled={i === 0} onClick={() => setColumns((cs) => moveColumn(cs, i, -1))} aria-label={`${s.up}: ${c.title}`} data-testid={`${testId}-up-${c.key}`}>
                  ↑
                </button>
                <button type="button" disabled={i === columns.length - 1} onClick={() => setColumns((cs) => moveColumn(cs, i, 1))} aria-label={`${s.down}: ${c.title}`} data-testid={`${testId}-down-${c.key}`}>
                  ↓
                </button>
              </span>
            </li>
          ))}
        </ol>
      </fieldset>
      {offersFormat && (
        <fieldset className="lists__target">
          <legend>{s.format}</legend>
          <label>
            <input type="radio" name={`${testId}-format`} checked={format === 'csv'} onChange={() => setFormat('csv')} data-testid={`${testId}-format-csv`} /> {s.formatCsv}
          </label>
          <label>
            <input type="radio" name={`${testId}-format`} checked={format === 'xlsx'} onChange={() => setFormat('xlsx')} data-testid={`${testId}-format-xlsx`} /> {s.formatXlsx}
          </label>
          <p className="muted">{s.formatHint}</p>
        </fieldset>
      )}
      {format === 'csv' && (
      <label className="lists__delimiter">
        {s.delimiter}{' '}
        <select value={delimiter} onChange={(e) => setDelimiter(e.target.value as Delimiter)} data-testid={`${testId}-delimiter`}>
          <option value=";">{s.semicolon}</option>
          <option value=",">{s.comma}</option>
          <option value={'\t'}>{s.tab}</option>
        </select>
      </label>
      )}
      {offersExcelChoice && format === 'csv' && (
        <fieldset className="lists__target">
          <legend>{s.target}</legend>
          <label>
            <input type="radio" name={`${testId}-target`} checked={excel} onChange={() => setExcel(true)} data-testid={`${testId}-excel`} /> {s.forExcel}
          </label>
          <label>
            <input type="radio" name={`${testId}-target`} checked={!excel} onChange={() => setExcel(false)} data-testid={`${testId}-plain`} /> {s.forOther}
          </label>
          <p className="muted">{s.targetHint}</p>
        </fieldset>
      )}
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      <ErrorNotice error={error ?? available.error} testId={`${testId}-error`} />
      {result && (
        <p className="lists__exported" role="status" ref={inView} data-testid={`${testId}-result`} data-rows={result.rows}>
          {result.downloadUrl
            ? s.exportedDownload(formatInt(result.rows, locale), result.fileName)
            : result.saved
              ? s.exported(formatInt(result.rows, locale), result.path ?? result.fileName)
              : s.exportCancelled}
          <ProvenanceLink result={result} testId={`${testId}-provenance`} />
        </p>
      )}
      <div className="dialog__actions">
        {/* Busy, the button stays focusable (aria-disabled, a click is ignored): a disabled button drops the focus,
            which then went to the dialog's first control («Все») after every export. */}
        <button
          type="button"
          className="btn--primary"
          onClick={() => {
            if (!busy) void run();
          }}
          aria-disabled={busy}
          disabled={columns.length === 0}
          data-testid={`${testId}-run`}
        >
          {busy ? s.exporting : s.doExport}
        </button>
        <button type="button" onClick={onClose} data-testid={`${testId}-close`}>
          {s.cancel}
        </button>
      </div>
    </Dialog>
  );
}

const buttonStrings: Strings<{ open: string; results: string; ledger: string }> = {
  ru: { open: 'Экспорт в CSV или Excel…', results: 'Экспорт результатов поиска', ledger: 'Экспорт журнала списаний' },
  en: { open: 'Export to CSV or Excel…', results: 'Export the search results', ledger: 'Export the ledger' },
};

/**
 * A button that opens the export dialog for what a view shows besides a list: a saved search's results
 * (in the table's sort) or the ledger. Both offer the Excel choice.
 */
export function CsvExportButton(props: { what: 'results' | 'ledger'; sourceKey: string; loadColumns(): Promise<{ key: string; title: string }[]>; runExport: CsvExportDialogProps['runExport']; testId: string }) {
  const s = useStrings(buttonStrings);
  const [open, setOpen] = useState(false);
  // The palette's «Экспорт в файл (XLSX, CSV)…» (state/commands/registry.ts) opens this dialog while it is shown.
  useProvideAction('export.open', () => setOpen(true));
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} title={titleWithKeys(s.open, 'export.open')} data-testid={`${props.testId}-open`}>
        {s.open}
      </button>
      {open && (
        <CsvExportDialog
          title={props.what === 'results' ? s.results : s.ledger}
          sourceKey={props.sourceKey}
          loadColumns={props.loadColumns}
          runExport={props.runExport}
          onClose={() => setOpen(false)}
          testId={props.testId}
          offersExcelChoice
          offersFormat
        />
      )}
    </>
  );
}
