/**
 * The bodies of the documents jobs, reported as jobs the frame shows (`sync.progress`): documents done of all,
 * no units. «Скачать документы» (a tender's, a list's) runs documents/downloadDocuments.ts, the use case `tenderwb
 * docs fetch` runs too; a pass of the automatic download (`documents:auto`, app/autoDocuments.ts) runs
 * documents/autoDownload.ts, the one `tenderwb docs fetch --auto` and `sync` run. The settings' limits apply; the
 * total size limit ends the job with its message (what was downloaded before it stays and is read). A job run
 * again resumes: held files are skipped.
 */
import type { CacheDb } from '../cache/database';
import type { DocumentSettings } from '../contract/settingsShapes';
import type { JobHooks, JobSpec } from '../current/syncJobs';
import { AppError } from '../domain/appError';
import { runAutoDownload } from '../documents/autoDownload';
import { downloadDocuments } from '../documents/downloadDocuments';
import type { FetchEvent, FetchSummary } from '../documents/fetchDocuments';
import { count, NOUNS } from '../i18n/plural';
import { text, type Text } from '../i18n/text';
import type { KeyedEvent } from '../notifications/detect';
import type { SyncOutcome } from '../sync/syncEngine';

export type DocumentsJobScope = { kind: 'tender'; tenderId: number } | { kind: 'list'; listId: string } | { kind: 'auto' };

/** The job's key: one download of a tender's (a list's, the automatic scope's) documents at a time; asking again answers the running one. */
export const documentsJobKey = (scope: DocumentsJobScope): string =>
  scope.kind === 'tender' ? `documents:tender:${scope.tenderId}` : scope.kind === 'list' ? `documents:list:${scope.listId}` : AUTO_DOCUMENTS_JOB;

export const AUTO_DOCUMENTS_JOB = 'documents:auto';

/** What a documents job reports as it goes: documents done of all (as items, none charged), the text read. */
function jobReport(spec: Pick<JobSpec, 'filterId'>, hooks: JobHooks) {
  let done = 0;
  let total: number | null = null;
  const report = (): void => hooks.onProgress({ filterId: spec.filterId, feed: 'tender', stream: 'created', pages: 0, items: done, charged: 0, free: done, total, state: 'ready' });
  report();
  return {
    onEvent: (e: FetchEvent): void => {
      if (e.type !== 'document') return;
      done = e.done;
      total = e.total;
      report();
    },
    onExtracted: (read: number, of: number): void => hooks.onNotice?.(text(`Текст документов: прочитано ${read} из ${of}`, `Documents' text: ${read} of ${of} read`)),
    outcome: (): SyncOutcome => ({ filterId: spec.filterId, stoppedBy: 'done', pages: 0, items: done, charged: 0, free: done, streams: [] }),
  };
}

/** The end of a run: stopped (an abort, not an error), at the size limit (an error the analyst must see), or its summary. */
function endOf(signal: AbortSignal, fetched: FetchSummary): void {
  if (signal.aborted) throw new DOMException('The download was stopped.', 'AbortError');
  // The limit is a stop the analyst must see (and can lift in Settings), not a quiet end.
  if (fetched.stopped) throw new AppError('disk_full', fetched.stopped);
}

export async function runDocumentsJob(
  cache: CacheDb,
  spec: JobSpec & { documents: { tenderIds: number[] } },
  settings: DocumentSettings,
  signal: AbortSignal,
  hooks: JobHooks,
): Promise<SyncOutcome> {
  const job = jobReport(spec, hooks);
  const { fetched, extracted } = await downloadDocuments({
    cache,
    tenderIds: spec.documents.tenderIds,
    maxTotalMb: settings.maxTotalMb,
    maxFileMb: settings.maxFileMb,
    signal,
    onEvent: job.onEvent,
    onExtracted: (_sha, _r, read, of) => job.onExtracted(read, of),
  });
  endOf(signal, fetched);
  hooks.onNotice?.(summaryText(fetched, extracted));
  return job.outcome();
}

/**
 * One pass of the automatic download as a job: what the settings choose now (read at the pass's start), within
 * their limits. A marked tender whose documentation changed goes to `onChanged` (the app's notifications) even
 * when the pass then stops at the limit: what was read is news. Settings that choose nothing: a pass that does nothing.
 */
export async function runAutoDocumentsPass(
  cache: CacheDb,
  spec: Pick<JobSpec, 'filterId'>,
  settings: DocumentSettings,
  signal: AbortSignal,
  hooks: JobHooks,
  onChanged: (cache: CacheDb, events: KeyedEvent[]) => void,
): Promise<SyncOutcome> {
  const job = jobReport(spec, hooks);
  const outcome = await runAutoDownload({ cache, settings, signal, onEvent: job.onEvent, onExtracted: job.onExtracted });
  if (!outcome) return job.outcome();
  if (outcome.changed.length > 0) onChanged(cache, outcome.changed);
  endOf(signal, outcome.fetched);
  hooks.onNotice?.(summaryText(outcome.fetched, outcome.extracted, outcome.scope.missing));
  return job.outcome();
}

/**
 * Tenders a run skipped for want of their card: the pronoun agrees with the count («откройте её» for one,
 * «откройте их» for three: it read «её» for any number).
 */
export function noCardText(n: number): Text {
  return text(
    `закупок, чья карточка не открывалась: ${n} — документы берутся из карточки, откройте ${n === 1 ? 'её' : 'их'}`,
    `tenders whose card was never opened: ${n}; the documents come from the card, open ${n === 1 ? 'it' : 'them'}`,
  );
}

function summaryText(
  f: { files: number; fresh: number; held: number; failed: number; noCard: number[] },
  x: { text: number; scans: number; failed: number },
  missing: readonly Text[] = [],
): Text {
  const ru = [`Документы: ${count(f.files, NOUNS.document, 'ru')}, новых ${f.fresh}, уже были ${f.held}, ошибок ${f.failed}`];
  const en = [`Documents: ${count(f.files, NOUNS.document, 'en')}, new ${f.fresh}, already held ${f.held}, failed ${f.failed}`];
  if (x.text + x.scans + x.failed > 0) {
    ru.push(`текст прочитан: ${x.text}, сканов без текста: ${x.scans}, не прочитано: ${x.failed}`);
    en.push(`text read: ${x.text}, scans without text: ${x.scans}, unreadable: ${x.failed}`);
  }
  if (f.noCard.length > 0) {
    const t = noCardText(f.noCard.length);
    ru.push(t.ru);
    en.push(t.en);
  }
  for (const m of missing) {
    ru.push(m.ru);
    en.push(m.en);
  }
  return text(ru.join('; '), en.join('; '));
}
