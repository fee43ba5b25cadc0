/**
 * Browser mode: a download cannot carry a file's sidecar (`FILE.provenance.json`), so the core offers
 * it as a second one-time link, shown here beside the export's answer (one click, one file). Every export whose
 * file has a sidecar (the CSV table exports, the price benchmark, the calendar's ICS) shows it the same way.
 */
import type { ExportResult } from './useFileExport';
import { useStrings, type Strings } from '../i18n/i18n';

const strings: Strings<{ link: string }> = {
  ru: { link: 'Скачать сведения об источнике' },
  en: { link: 'Download the source details' },
};

export function ProvenanceLink({ result, testId }: { result: ExportResult; testId: string }) {
  const s = useStrings(strings);
  const sidecar = result.provenanceDownload;
  if (!sidecar) return null;
  return (
    <>
      {' '}
      <a href={sidecar.url} download={sidecar.fileName} data-testid={testId}>
        {s.link} («{sidecar.fileName}»)
      </a>
    </>
  );
}
