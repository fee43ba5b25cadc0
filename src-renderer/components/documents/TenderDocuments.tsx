/**
 * A tender card's documents: each with its state (не скачан / скачан (size) / текст извлечён / скан /
 * ошибка with the reason), «Скачать документы» as a job shown with its progress, and «Открыть» for a held one.
 * Read from the cache: the list and the opening work offline.
 */
import { useEffect, useRef, useState } from 'react';
import { call, inBrowserMode } from '../../bridge/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { JobProgress } from '../../components/JobProgress';
import { download } from '../../components/useFileExport';
import { displayText } from '../../../src-main/domain/displayText';
import { useAppStore } from '../../state/store';
import { useLoad } from '../../state/useLoad';
import { useLocale, useStrings } from '../../i18n/i18n';
import { useProvideAction } from '../../state/commands/actions';
import { titleWithKeys } from '../../state/commands/registry';
import { anyMissing, canOpen, documentStateText, jobRunning } from './documentsLogic';
import { documentsStrings } from './documentsStrings';

export function TenderDocuments({ tenderId }: { tenderId: number }) {
  const s = useStrings(documentsStrings);
  const locale = useLocale();
  const epoch = useAppStore((st) => st.epoch);
  const docs = useLoad(() => call('documents.ofTender', { tenderId }), `documents-${tenderId}-${epoch}`);
  const [jobId, setJobId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const [saved, setSaved] = useState<string | null>(null);
  // A download started before (another visit, the list's) is shown too.
  const shownJob = jobId ?? docs.data?.jobId ?? null;
  const job = useAppStore((st) => (shownJob ? st.jobs[shownJob] : undefined));
  const running = jobRunning(job);
  // When the job ends the states are read again (and while it runs, at each step it reports).
  const step = job ? `${job.state}-${job.items}` : '';
  useEffect(() => {
    if (job) docs.reload();
  }, [step]);

  const start = (): void => {
    setActionError(null);
    call('documents.fetch', { scope: { kind: 'tender', tenderId } }).then((r) => setJobId(r.jobId), setActionError);
  };
  const open = (ordinal: number): void => {
    setActionError(null);
    setSaved(null);
    call('documents.open', { tenderId, ordinal }).then((r) => {
      // Browser mode: a one-time download of the copy, as exports do.
      if (r.downloadUrl) {
        download(r.downloadUrl, r.fileName);
        setSaved(r.fileName);
      }
    }, setActionError);
  };

  const list = docs.data?.documents ?? [];
  // The registry's «Скачать документы» (D, the palette): what the button does, while it is shown. From a key the
  // section may be far below a long card's positions: it is brought into view, so its progress is seen.
  const section = useRef<HTMLElement>(null);
  const startFromKey = (): void => {
    start();
    section.current?.scrollIntoView?.({ block: 'nearest' });
  };
  useProvideAction('documents.download', startFromKey, anyMissing(list) && !running);
  return (
    <section ref={section} className="card__section" data-testid="card-documents" aria-labelledby={`documents-title-${tenderId}`}>
      <div className="docs__head">
        <h2 id={`documents-title-${tenderId}`}>{s.title}</h2>
        {/* Only while something is missing (not held, or failed): held files are never downloaded again. */}
        {anyMissing(list) && (
          <button type="button" onClick={start} disabled={running} title={titleWithKeys(s.downloadHint, 'documents.download')} data-testid="documents-download">
            {s.download}
          </button>
        )}
      </div>
      <ErrorNotice error={docs.error} testId="documents-error" />
      {shownJob && <JobProgress jobId={shownJob} testId="documents-job" labels={{ items: s.jobItems, free: s.jobFree }} free={s.jobFree} />}
      <ErrorNotice error={actionError} testId="documents-action-error" />
      {saved && (
        <p className="muted" role="status" data-testid="documents-saved">
          {s.savedTo(saved)}
        </p>
      )}
      {docs.data && list.length === 0 && <p>{s.none}</p>}
      {list.length > 0 && (
        <table className="card__table docs__table">
          <thead>
            <tr>
              <th scope="col">{s.colName}</th>
              <th scope="col">{s.colState}</th>
              <th scope="col">{s.colAction}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((d) => (
              <tr key={d.ordinal} data-testid="card-document" data-state={d.state} data-ordinal={d.ordinal}>
                <td>
                  {/* A name from the server: no bidi override may turn «…gnp.exe» into «…exe.png». */}
                  {displayText(d.name)}
                  {d.extension && <span className="card__ext">{displayText(d.extension)}</span>}
                </td>
                <td className={`docs__state docs__state--${d.state}`} data-testid="document-state">
                  {documentStateText(d, locale)}
                </td>
                <td>
                  {canOpen(d) ? (
                    <button type="button" className="btn--link" onClick={() => open(d.ordinal)} aria-label={(inBrowserMode() ? s.openInBrowserHint : s.openHint)(displayText(d.name))} data-testid="document-open">
                      {s.open}
                    </button>
                  ) : !d.openable ? (
                    <span className="muted">{s.notOpenable}</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(docs.data?.unreadable ?? 0) > 0 && <p className="muted">{s.unreadable(docs.data!.unreadable)}</p>}
      {list.some((d) => d.state !== 'not_downloaded') && <p className="muted">{s.offlineNote}</p>}
    </section>
  );
}
