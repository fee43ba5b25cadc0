/**
 * Runs an export the core writes (to where the user chooses in Electron; in browser mode a one-time link,
 * downloaded here): busy while it runs, then its answer or its error. One way for every export: the buttons
 * that export at once (the calendar's ICS, a dossier) and the table exports' dialog (CsvExportDialog).
 */
import { useRef, useState } from 'react';
import type { MethodResult } from '../../src-main/contract/ipc';

/** What the core answers for a file export (every export method answers the same shape). */
export type ExportResult = MethodResult<'lists.export'>;

/** Browser mode: fetches the core's one-time link as a file (also the price benchmark's one-click export). */
export function download(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function useFileExport(write: () => Promise<ExportResult>) {
  const writeRef = useRef(write);
  writeRef.current = write;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<ExportResult | null>(null);
  const run = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const answer = await writeRef.current();
      setResult(answer);
      if (answer.downloadUrl) download(answer.downloadUrl, answer.fileName);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  /** Forgets the last answer and error (a new attempt that may stop before running). */
  const clear = (): void => {
    setError(null);
    setResult(null);
  };
  return { run, clear, busy, error, result };
}
