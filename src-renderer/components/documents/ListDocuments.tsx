/**
 * «Скачать все документы списка»: the documents of every member of a list whose card was opened,
 * as one job with its progress under the list's toolbar. Run again, it resumes (held files are skipped).
 */
import { useEffect, useState } from 'react';
import { call } from '../../bridge/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { JobProgress } from '../../components/JobProgress';
import { useAppStore } from '../../state/store';
import { useStrings } from '../../i18n/i18n';
import { useProvideAction } from '../../state/commands/actions';
import { titleWithKeys } from '../../state/commands/registry';
import { jobRunning } from './documentsLogic';
import { documentsStrings } from './documentsStrings';

export function useListDocuments(listId: string) {
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    setJobId(null);
    setError(null);
  }, [listId]);
  const running = useAppStore((st) => jobRunning(jobId ? st.jobs[jobId] : undefined));
  const start = (): void => {
    setError(null);
    call('documents.fetch', { scope: { kind: 'list', listId } }).then((r) => setJobId(r.jobId), setError);
  };
  return { jobId, error, running, start };
}

/** The button, and the registry's «Скачать документы» (D, the palette) while it can start. */
export function ListDocumentsButton({ start, running }: { start(): void; running: boolean }) {
  const s = useStrings(documentsStrings);
  useProvideAction('documents.download', start, !running);
  return (
    <button type="button" onClick={start} disabled={running} title={titleWithKeys(s.downloadListHint, 'documents.download')} data-testid="lists-documents">
      {s.downloadList}
    </button>
  );
}

export function ListDocumentsProgress({ jobId, error }: { jobId: string | null; error: unknown }) {
  const s = useStrings(documentsStrings);
  return (
    <>
      {jobId && <JobProgress jobId={jobId} testId="lists-documents-job" labels={{ items: s.jobItems, free: s.jobFree }} free={s.jobFree} />}
      <ErrorNotice error={error} testId="lists-documents-error" />
    </>
  );
}
