/**
 * What the frame says about sync jobs, apart from the views (a finished job's banner stayed on every
 * page, near-duplicate banners): a progress banner only for jobs still loading that no view on screen already
 * shows, following jobs as one short status, a job that just ended as one short notice (several merged), and
 * which follows a profile switch stopped. Pure, so it is tested without a browser.
 */
import type { Locale, SyncJob } from '../../src-main/contract/ipc';
import { count, jobStateName, NOUNS } from '../i18n/i18n';
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
    one: (label: string, state: string, items: string, units: string) => `«${label}»: ${state.toLowerCase()} — ${items}, списано ${units}`,
    many: (jobs: string, items: string, units: string) => `Завершено: ${jobs} — ${items}, списано ${units}`,
  },
  en: {
    untitled: 'untitled search',
    one: (label: string, state: string, items: string, units: string) => `“${label}”: ${state.toLowerCase()} — ${items}, ${units} charged`,
    many: (jobs: string, items: string, units: string) => `Finished: ${jobs} — ${items}, ${units} charged`,
  },
} as const;

/** What names a search without a label: the summary of its criteria, when known (never its flt_ id). */
export type SearchNames = ReadonlyMap<string, string>;

export function jobLabel(job: Pick<SyncJob, 'label' | 'filterId'>, locale: Locale, names: SearchNames = new Map()): string {
  return job.label ?? names.get(job.filterId) ?? TEXT[locale].untitled;
}

/** ««Компьютеры»: готово — 12 объектов, списано 12 ед.» or, merged, «Завершено: 3 загрузки — …» (no final dot: «ед.» has one). */
export function endedText(jobs: readonly SyncJob[], locale: Locale, names?: SearchNames): string {
  const t = TEXT[locale];
  const items = jobs.reduce((n, j) => n + j.items, 0);
  const units = jobs.reduce((n, j) => n + j.charged, 0);
  if (jobs.length === 1) {
    const j = jobs[0]!;
    return t.one(jobLabel(j, locale, names), jobStateName(j.state, locale), count(items, NOUNS.object, locale), count(units, NOUNS.unit, locale));
  }
  return t.many(count(jobs.length, NOUNS.sync, locale), count(items, NOUNS.object, locale), count(units, NOUNS.unit, locale));
}
