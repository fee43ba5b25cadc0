/**
 * Past exports: what each file holds (a list, a saved search, a dossier, the ledger, by name), when it
 * was made, the file and where it went, its rows, how fresh the rows were and the units they cost when they
 * were delivered (exporting itself is free). The same provenance is in each file: the XLSX sheet «Источник»,
 * the CSV's FILE.provenance.json. Exports are made from the views that show the data.
 */
import { subjectTitle } from '../../../src-main/i18n/provenanceText';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatDateTime, formatInt } from '../../format/format';
import { useLocale, useStrings, type Strings } from '../../i18n/i18n';
import { useExportHistory } from './useExportHistory';

const strings: Strings<{
  title: string;
  intro: string;
  empty: string;
  what: string;
  madeAt: string;
  file: string;
  format: string;
  rows: string;
  freshness: string;
  units: string;
  download: string;
  never: string;
  refresh: string;
}> = {
  ru: {
    title: 'История выгрузок',
    intro: 'Каждый файл несёт сведения о себе: в XLSX — лист «Источник», у CSV — файл .provenance.json рядом с ним (в браузере он скачивается второй ссылкой в окне выгрузки), и все сведения — в этой таблице. Выгрузка бесплатна; «стоимость» — сколько единиц стоили эти строки, когда были получены.',
    empty: 'Выгрузок пока не было. Выгрузить можно список, результаты поиска или журнал списаний — кнопкой «Экспорт» в их разделах.',
    what: 'Что выгружено',
    madeAt: 'Когда',
    file: 'Файл',
    format: 'Формат',
    rows: 'Строк',
    freshness: 'Данные на',
    units: 'Стоимость строк, ед.',
    download: 'скачан в браузере',
    never: 'нет доставленных строк',
    refresh: 'Обновить',
  },
  en: {
    title: 'Export history',
    intro: 'Each file tells about itself: the «Источник» (source) sheet in XLSX, a .provenance.json file beside a CSV (in the browser, a second link in the export dialog), and all of it in this table. Exporting is free; the cost is what these rows cost in units when they were delivered.',
    empty: 'No exports yet. A list, search results or the ledger are exported with the «Export» button in their views.',
    what: 'Exported',
    madeAt: 'When',
    file: 'File',
    format: 'Format',
    rows: 'Rows',
    freshness: 'Data as of',
    units: 'Rows cost, units',
    download: 'downloaded in the browser',
    never: 'no delivered rows',
    refresh: 'Refresh',
  },
};

const FORMAT_NAMES = { csv: 'CSV', xlsx: 'Excel (XLSX)', ics: 'ICS' } as const;

export function ExportsView() {
  const s = useStrings(strings);
  const locale = useLocale();
  const history = useExportHistory();
  const entries = history.data ?? [];
  return (
    <section className="view" data-testid="view-exports">
      <header className="view__head">
        <h1>{s.title}</h1>
        <button type="button" onClick={history.reload} disabled={history.loading} data-testid="exports-refresh">
          {s.refresh}
        </button>
      </header>
      <p className="muted">{s.intro}</p>
      <ErrorNotice error={history.error} testId="exports-error" />
      {history.data && entries.length === 0 && <p data-testid="exports-empty">{s.empty}</p>}
      {entries.length > 0 && (
        <table className="settings__table" data-testid="exports-table">
          <thead>
            <tr>
              <th scope="col">{s.what}</th>
              <th scope="col">{s.madeAt}</th>
              <th scope="col">{s.file}</th>
              <th scope="col">{s.format}</th>
              <th scope="col">{s.rows}</th>
              <th scope="col">{s.freshness}</th>
              <th scope="col">{s.units}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} data-testid="exports-row" data-format={e.provenance.format}>
                <td>{subjectTitle(e.provenance.what, locale)}</td>
                <td>{formatDateTime(e.provenance.made_at, locale)}</td>
                <td title={e.path ?? undefined}>
                  {e.file_name}
                  <div className="muted">{e.path ?? s.download}</div>
                </td>
                <td>{FORMAT_NAMES[e.provenance.format]}</td>
                <td>{formatInt(e.provenance.rows, locale)}</td>
                <td>{e.provenance.freshness === null ? s.never : formatDateTime(e.provenance.freshness, locale)}</td>
                <td>{formatInt(e.provenance.units, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
