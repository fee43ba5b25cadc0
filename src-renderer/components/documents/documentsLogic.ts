/**
 * Pure rules of the documents' views: a document's state in words (sizes by the shared formatter),
 * which documents can be opened, whether a download job still runs. The state itself is decided in the core
 * (documents/documentStates.ts); this only says it.
 */
import type { Locale, MethodArgs, SyncJob, TenderDocumentInfo } from '../../../src-main/contract/ipc';
import { isPipelineStatus } from '../../../src-main/domain/marks';
import { formatBytes } from '../../format/format';
import { documentsStrings } from './documentsStrings';

export function documentStateText(d: Pick<TenderDocumentInfo, 'state' | 'bytes' | 'reason'>, locale: Locale): string {
  const s = documentsStrings[locale];
  const size = formatBytes(d.bytes ?? 0, locale);
  switch (d.state) {
    case 'not_downloaded':
      return s.notDownloaded;
    case 'downloaded':
      return s.downloaded(size);
    case 'text_extracted':
      return s.textExtracted(size);
    case 'scan':
      return s.scan;
    case 'failed':
      return d.reason ? s.failed(d.reason) : s.failedNoReason;
  }
}

/** A held file (a failed reading keeps its bytes; a failed download has none) that is not an executable. */
export const canOpen = (d: Pick<TenderDocumentInfo, 'state' | 'openable' | 'bytes'>): boolean => d.openable && d.state !== 'not_downloaded' && d.bytes !== null;

/** Some document is not held yet (the download button then says it downloads them; else it fetches what is missing). */
export const anyMissing = (docs: readonly Pick<TenderDocumentInfo, 'state'>[]): boolean => docs.some((d) => d.state === 'not_downloaded' || d.state === 'failed');

export const jobRunning = (job: Pick<SyncJob, 'state'> | undefined): boolean => job !== undefined && (job.state === 'running' || job.state === 'following');

type Change = 'added' | 'removed' | 'changed' | 'unchanged' | 'unknown';

const CHANGE_NAMES: Record<Change, { ru: string; en: string }> = {
  added: { ru: 'добавлен', en: 'added' },
  removed: { ru: 'удалён', en: 'removed' },
  changed: { ru: 'изменён', en: 'changed' },
  unchanged: { ru: 'без изменений', en: 'unchanged' },
  unknown: { ru: 'не сравнить', en: 'cannot compare' },
};

export const documentChangeName = (change: Change, locale: Locale): string => CHANGE_NAMES[change][locale];

/** The documents a diff shows: what changed (or cannot be told), added first, then changed, then removed. */
export function shownChanges<T extends { change: Change }>(docs: readonly T[]): T[] {
  const order: Record<Change, number> = { added: 0, changed: 1, unknown: 2, removed: 3, unchanged: 4 };
  return docs.filter((d) => d.change !== 'unchanged').sort((a, b) => order[a.change] - order[b.change]);
}

/**
 * A megabytes field as typed («2 048», grouped by the form) → a whole number the settings take, or 'invalid'
 * (empty, a fraction, zero, above `max`): the contract's rule (documentSettingsSchema) decides the range.
 */
export function parseMegabytes(typed: string, max: number): number | 'invalid' {
  const t = typed.replace(/[\s\u00a0\u202f]/g, '');
  if (!/^\d{1,9}$/.test(t)) return 'invalid';
  const n = Number(t);
  return n >= 1 && n <= max ? n : 'invalid';
}

/** Whole megabytes grouped by threes as the analyst types them («10 240»). */
export const groupMegabytes = (typed: string): string => {
  const t = typed.replace(/[\s\u00a0\u202f]/g, '');
  return /^\d+$/.test(t) ? t.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0') : typed;
};

/** How many downloads of documents have ended (the app/documentJobs.ts key): a view keyed on it reads again after one. */
export const finishedDocumentJobs = (jobs: readonly Pick<SyncJob, 'filterId' | 'state'>[]): number =>
  jobs.filter((j) => j.filterId.startsWith('documents:') && !jobRunning(j)).length;

/** The «в документах» form as typed (an empty select is «any»). */
export type DocumentSearchForm = { text: string; law: string; regions: number[]; status: string; tag: string };

/** The form → `documents.search` arguments, or null when there is nothing to find (the form then says so). */
export function documentSearchArgs(f: DocumentSearchForm): MethodArgs<'documents.search'> | null {
  const text = f.text.trim();
  if (text === '') return null;
  return {
    text,
    ...(f.law ? { laws: [f.law] } : {}),
    ...(f.regions.length ? { regions: f.regions } : {}),
    ...(isPipelineStatus(f.status) ? { status: f.status } : {}),
    ...(f.tag.trim() ? { tag: f.tag.trim() } : {}),
    limit: 100,
  };
}
