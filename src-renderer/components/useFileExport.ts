/**
 * Runs an export the core writes (to where the user chooses in Electron; in browser mode a one-time link,
 * downloaded here): busy while it runs, then its answer or its error. One way for the buttons that export at
 * once (the calendar's ICS; the table exports have their dialog, CsvExportDialog).
 */
import { useRef, useState } from 'react';
import { download, type ExportResult } from './CsvExportDialog';

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
  return { run, busy, error, result };
}
