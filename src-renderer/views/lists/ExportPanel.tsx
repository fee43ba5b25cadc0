/**
 * CSV export of a list with a column chooser: which columns (checkboxes) in which order (up/down), and the
 * delimiter (`;` by default, what Russian Excel expects). In Electron the core asks where to save; in browser
 * mode it answers a one-time link, which is downloaded here through an `<a download>`.
 */
import { useEffect, useState } from 'react';
import type { MethodResult } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { useAppStore } from '../../app/store';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useLoad } from '../../components/useLoad';
import { formatInt } from '../../format/format';
import { useStrings } from '../../i18n/i18n';
import { chosenKeys, moveColumn, type ColumnChoice } from './listInput';
import { listsStrings } from './listsStrings';

type Delimiter = ';' | ',' | '\t';

function download(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function ExportPanel({ listId, onClose }: { listId: string; onClose(): void }) {
  const s = useStrings(listsStrings);
  const locale = useAppStore((st) => st.locale);
  const available = useLoad(() => call('lists.exportColumns', {}), 'export-columns');
  const [columns, setColumns] = useState<ColumnChoice[]>([]);
  const [delimiter, setDelimiter] = useState<Delimiter>(';');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<MethodResult<'lists.export'> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (available.data) setColumns(available.data.map((c) => ({ ...c, checked: true })));
  }, [available.data]);

  async function run() {
    const keys = chosenKeys(columns);
    setProblem(null);
    setError(null);
    setResult(null);
    if (keys.length === 0) {
      setProblem(s.noColumns);
      return;
    }
    setBusy(true);
    try {
      const answer = await call('lists.export', { listId, columns: keys, delimiter });
      setResult(answer);
      if (answer.downloadUrl) download(answer.downloadUrl, answer.fileName);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  const setAll = (checked: boolean) => setColumns((cs) => cs.map((c) => ({ ...c, checked })));

  return (
    <Dialog title={s.exportTitle} onClose={onClose} testId="lists-export">
      <fieldset className="lists__columns">
        <legend>{s.columns}</legend>
        <div className="lists__columnsTools">
          <button type="button" className="btn--link" onClick={() => setAll(true)} data-testid="lists-export-all">
            {s.all}
          </button>
          <button type="button" className="btn--link" onClick={() => setAll(false)} data-testid="lists-export-none">
            {s.nothing}
          </button>
        </div>
        <ol className="lists__columnList">
          {columns.map((c, i) => (
            <li key={c.key} data-testid="lists-export-column" data-key={c.key}>
              <label>
                <input
                  type="checkbox"
                  checked={c.checked}
                  onChange={(e) => setColumns((cs) => cs.map((x) => (x.key === c.key ? { ...x, checked: e.target.checked } : x)))}
                  data-testid={`lists-export-col-${c.key}`}
                />{' '}
                {c.title}
              </label>
              <span className="lists__move">
                <button type="button" disabled={i === 0} onClick={() => setColumns((cs) => moveColumn(cs, i, -1))} aria-label={`${s.up}: ${c.title}`} data-testid={`lists-export-up-${c.key}`}>
                  ↑
                </button>
                <button type="button" disabled={i === columns.length - 1} onClick={() => setColumns((cs) => moveColumn(cs, i, 1))} aria-label={`${s.down}: ${c.title}`} data-testid={`lists-export-down-${c.key}`}>
                  ↓
                </button>
              </span>
            </li>
          ))}
        </ol>
      </fieldset>
      <label className="lists__delimiter">
        {s.delimiter}{' '}
        <select value={delimiter} onChange={(e) => setDelimiter(e.target.value as Delimiter)} data-testid="lists-export-delimiter">
          <option value=";">{s.semicolon}</option>
          <option value=",">{s.comma}</option>
          <option value={'\t'}>{s.tab}</option>
        </select>
      </label>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      <ErrorNotice error={error ?? available.error} testId="lists-export-error" />
      {result && (
        <p className="lists__exported" role="status" data-testid="lists-export-result" data-rows={result.rows}>
          {result.downloadUrl
            ? s.exportedDownload(formatInt(result.rows, locale), result.fileName)
            : result.saved
              ? s.exported(formatInt(result.rows, locale), result.path ?? result.fileName)
              : s.exportCancelled}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="btn--primary" onClick={() => void run()} disabled={busy || columns.length === 0} data-testid="lists-export-run">
          {busy ? s.exporting : s.doExport}
        </button>
        <button type="button" onClick={onClose} data-testid="lists-export-close">
          {s.cancel}
        </button>
      </div>
    </Dialog>
  );
}
