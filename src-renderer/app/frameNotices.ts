/**
 * What the frame says about sync jobs, apart from the views (a finished job's banner stayed on every
 * page, near-duplicate banners): a progress banner only for jobs still loading that no view on screen already
 * shows, following jobs as one short status, a job that just ended as one short notice (several merged), and
 * which follows a profile switch stopped. Pure, so it is tested without a browser.
 */
import type { Locale, SyncJob } from '../../src-main/contract/ipc';
import { count, jobStateName, NOUNS, quoted } from '../i18n/i18n';
import { NOTICE_LIFETIME_MS } from '../components/useLifetime';

/** How long the notice of a finished job stays (it also goes on navigation or when dismissed). */
export const FINISHED_NOTICE_MS = NOTICE_LIFETIME_MS.info;

/** A notice of jobs that stopped short (failed, capped, out of balance) stays longer than one of jobs done. */
export function endedLifetimeMs(jobs: readonly SyncJob[]): number {
  return jobs.some((j) => j.state === 'failed' || j.state === 'spend_cap' || j.state === 'balance_exhausted') ? NOTICE_LIFETIME_MS.error : FINISHED_NOTICE_MS;
}

export const isLoading = (j: SyncJob): boolean => j.state === 'running';
export const isFollowing = (j: SyncJob): boolean => j.state === 'following';
export const isEnded = (j: SyncJob): boolean => j.state !== 'running' && j.state !== 'following';

/** Jobs still loading that no view on screen shows with its own progress line. */
export function bannerJobs(jobs: Record<string, SyncJob>, shown: Record<string, number>): SyncJob[] {
  return Object.values(jobs).filter((j) => isLoading(j) && !shown[j.jobId]);
}

/**
 * A job's update that ends it: its notice is due, unless a view shows it. A job first heard of as ended (a
 * short one whose progress was not sent) counts too: events are live, never replayed on load.
 */
export function justEnded(before: SyncJob | undefined, after: SyncJob, shown: Record<string, number>): boolean {
  return (before === undefined || !isEnded(before)) && isEnded(after) && !shown[after.jobId];
}

/** Adds an ended job to the notice: one line per notice, the same job never twice. */
export function mergeEnded(current: readonly SyncJob[], job: SyncJob): SyncJob[] {
  return [...current.filter((j) => j.jobId !== job.jobId), job];
}

const TEXT = {
  ru: {
    untitled: 'поиск без названия',
    charged: (units: string) => `списано ${units}`,
    one: (label: string, state: string, figures: string) => `${label}: ${state.toLowerCase()} — ${figures}`,
    many: (jobs: string, figures: string) => `Завершено: ${jobs} — ${figures}`,
    running: (labels: string, figures: string) => `Загрузка: ${labels} — ${figures}`,
    cancel: 'Отменить',
    cancelOne: (label: string) => `Отменить ${label}`,
  },
  en: {
    untitled: 'untitled search',
    charged: (units: string) => `${units} charged`,
    one: (label: string, state: string, figures: string) => `${label}: ${state.toLowerCase()} — ${figures}`,
    many: (jobs: string, figures: string) => `Finished: ${jobs} — ${figures}`,
    running: (labels: string, figures: string) => `Syncing: ${labels} — ${figures}`,
    cancel: 'Cancel',
    cancelOne: (label: string) => `Cancel ${label}`,
  },
} as const;

/** What names a search without a label: the summary of its criteria, when known (never its flt_ id). */
export type SearchNames = ReadonlyMap<string, string>;

export function jobLabel(job: Pick<SyncJob, 'label' | 'filterId'>, locale: Locale, names: SearchNames = new Map()): string {
  return job.label ?? names.get(job.filterId) ?? TEXT[locale].untitled;
}

/** A job's label in quotes, a name quoted inside it nested the language's way (never «…«…»»). */
export function quotedJobLabel(job: Pick<SyncJob, 'label' | 'filterId'>, locale: Locale, names?: SearchNames): string {
  return quoted(jobLabel(job, locale, names), locale);
}

/**
 * A documents job (one tender's, a list's, the automatic download: `documents:…`) counts documents and never
 * spends: its figures say «3 документа», nothing about units («списано 0 ед.» was noise).
 */
export const isDocumentsJob = (job: Pick<SyncJob, 'filterId'>): boolean => job.filterId.startsWith('documents:');

/**
 * What jobs brought and cost, in one phrase for every place a job is told of: «12 объектов, списано 12 ед.»,
 * «3 документа» when all are documents jobs (free); jobs of both kinds count objects and say the units.
 */
export function jobFigures(jobs: readonly SyncJob[], locale: Locale): string {
  const items = jobs.reduce((n, j) => n + j.items, 0);
  const units = jobs.reduce((n, j) => n + j.charged, 0);
  if (jobs.length > 0 && jobs.every(isDocumentsJob)) return count(items, NOUNS.document, locale);
  return `${count(items, NOUNS.object, locale)}, ${TEXT[locale].charged(count(units, NOUNS.unit, locale))}`;
}

/**
 * ««Компьютеры»: готово — 12 объектов, списано 12 ед.», «„Документы (автозагрузка)“: готово — 3 документа» or,
 * merged, «Завершено: 3 загрузки — …» (no final dot: «ед.» has one).
 */
export function endedText(jobs: readonly SyncJob[], locale: Locale, names?: SearchNames): string {
  const t = TEXT[locale];
  if (jobs.length === 1) {
    const j = jobs[0]!;
    return t.one(quotedJobLabel(j, locale, names), jobStateName(j.state, locale), jobFigures(jobs, locale));
  }
  return t.many(count(jobs.length, NOUNS.sync, locale), jobFigures(jobs, locale));
}

/** The frame's banner of jobs still loading, each named: «Загрузка: «Документы (автозагрузка)» — 0 документов». */
export function runningText(jobs: readonly SyncJob[], locale: Locale, names?: SearchNames): string {
  return TEXT[locale].running(jobs.map((j) => quotedJobLabel(j, locale, names)).join(', '), jobFigures(jobs, locale));
}

/** The running banner's cancel button: «Отменить», named for a screen reader by the job it stops. */
export function cancelJobText(job: SyncJob, locale: Locale, names?: SearchNames): { text: string; label: string } {
  return { text: TEXT[locale].cancel, label: TEXT[locale].cancelOne(quotedJobLabel(job, locale, names)) };
}
