/**
 * The body of a «Скачать документы» job: documents/downloadDocuments.ts, the use case `tenderwb docs
 * fetch` runs too, reported as a job the frame shows (`sync.progress`): documents done of all, no units. The
 * settings' limits apply; the total size limit ends the job with its message (what was downloaded before it
 * stays and is read). A job run again resumes: held files are skipped.
 */
import type { CacheDb } from '../cache/database';
import type { DocumentSettings } from '../contract/settingsShapes';
import type { JobHooks, JobSpec } from '../current/syncJobs';
import { AppError } from '../domain/appError';
import { downloadDocuments } from '../documents/downloadDocuments';
import { count, NOUNS } from '../i18n/plural';
import { text, type Text } from '../i18n/text';
import type { SyncOutcome } from '../sync/syncEngine';

/** The job's key: one download of a tender's (or a list's) documents at a time; asking again answers the running one. */
export const documentsJobKey = (scope: { kind: 'tender'; tenderId: number } | { kind: 'list'; listId: string }): string =>
  scope.kind === 'tender' ? `documents:tender:${scope.tenderId}` : `documents:list:${scope.listId}`;

export async function runDocumentsJob(
  cache: CacheDb,
  spec: JobSpec & { documents: { tenderIds: number[] } },
  settings: DocumentSettings,
  signal: AbortSignal,
  hooks: JobHooks,
): Promise<SyncOutcome> {
  let done = 0;
  let total: number | null = null;
  const report = (): void => hooks.onProgress({ filterId: spec.filterId, feed: 'tender', stream: 'created', pages: 0, items: done, charged: 0, free: done, total, state: 'ready' });
  report();
  const { fetched, extracted } = await downloadDocuments({
    cache,
    tenderIds: spec.documents.tenderIds,
    maxTotalMb: settings.maxTotalMb,
    maxFileMb: settings.maxFileMb,
    signal,
    onEvent: (e) => {
      if (e.type !== 'document') return;
      done = e.done;
      total = e.total;
      report();
    },
    onExtracted: (_sha, _r, read, of) => hooks.onNotice?.(text(`Текст документов: прочитано ${read} из ${of}`, `Documents' text: ${read} of ${of} read`)),
  });
  if (signal.aborted) throw new DOMException('The download was stopped.', 'AbortError');
  // The limit is a stop the analyst must see (and can lift in Settings), not a quiet end.
  if (fetched.stopped) throw new AppError('disk_full', fetched.stopped);
  hooks.onNotice?.(summaryText(fetched, extracted));
  return { filterId: spec.filterId, stoppedBy: 'done', pages: 0, items: done, charged: 0, free: done, streams: [] };
}

function summaryText(
  f: { files: number; fresh: number; held: number; failed: number; noCard: number[] },
  x: { text: number; scans: number; failed: number },
): Text {
  const ru = [`Документы: ${count(f.files, NOUNS.document, 'ru')}, новых ${f.fresh}, уже были ${f.held}, ошибок ${f.failed}`];
  const en = [`Documents: ${count(f.files, NOUNS.document, 'en')}, new ${f.fresh}, already held ${f.held}, failed ${f.failed}`];
  if (x.text + x.scans + x.failed > 0) {
    ru.push(`текст прочитан: ${x.text}, сканов без текста: ${x.scans}, не прочитано: ${x.failed}`);
    en.push(`text read: ${x.text}, scans without text: ${x.scans}, unreadable: ${x.failed}`);
  }
  if (f.noCard.length > 0) {
    ru.push(`закупок, чья карточка не открывалась: ${f.noCard.length} — документы берутся из карточки, откройте её`);
    en.push(`tenders whose card was never opened: ${f.noCard.length}; the documents come from the card, open it`);
  }
  return text(ru.join('; '), en.join('; '));
}
