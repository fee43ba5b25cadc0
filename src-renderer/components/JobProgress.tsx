/**
 * One sync job as it moves (kept current in the app store by `sync.progress` events): how much of the set the
 * cache holds (else the items received) against the server's total, what was charged and what came free; a
 * cancel button while it runs. «N из M» is the set's share held, as the saved search's «в кэше: N из M» says it:
 * a follow of a set held whole read «0 из 43» when it showed this run's items.
 */
import { useEffect, useState } from 'react';
import type { SyncJob } from '../../src-main/contract/ipc';
import { call, CallError } from '../bridge/client';
import { useAppStore } from '../state/store';
import { formatInt } from '../format/format';
import { count, jobStateName, NOUNS, useStrings, type Strings, useLocale } from '../i18n/i18n';
import { ErrorNotice, errorMessage } from './ErrorNotice';

const strings: Strings<{
  starting: string;
  cancel: string;
  items: (items: string, total: string) => string;
  tender: string;
  contract: string;
  charged: (charged: number, free: string) => string;
  chargedOnly: (charged: number) => string;
}> = {
  ru: {
    starting: 'Запрос отправлен…',
    cancel: 'Остановить',
    items: (items, total) => `${items}${total ? ` из ${total}` : ''}`,
    tender: 'тендеры',
    contract: 'контракты',
    charged: (charged, free) => `списано ${count(charged, NOUNS.unit, 'ru')} · бесплатно ${free}`,
    chargedOnly: (charged) => `списано ${count(charged, NOUNS.unit, 'ru')}`,
  },
  en: {
    starting: 'Request sent…',
    cancel: 'Stop',
    items: (items, total) => `${items}${total ? ` of ${total}` : ''}`,
    tender: 'tenders',
    contract: 'contracts',
    charged: (charged, free) => `${count(charged, NOUNS.unit, 'en')} charged · ${free} free`,
    chargedOnly: (charged) => `${count(charged, NOUNS.unit, 'en')} charged`,
  },
};

/** The client holding its requests to the API's rate (a run stood still for a minute, silently). */
const pauseStrings: Strings<{ paused: (until: string) => string }> = {
  ru: { paused: (until) => `Пауза до ${until} МСК: API принимает не больше 100 запросов в минуту, загрузка продолжится сама.` },
  en: { paused: (until) => `Paused until ${until} Moscow time: the API takes at most 100 requests a minute; the sync continues by itself.` },
};

export function isJobActive(job: SyncJob | undefined): boolean {
  return job === undefined || job.state === 'running' || job.state === 'following';
}

/**
 * What a job counts, when not a sync's tenders: the enrichment counts objects (cards) and its free figure is
 * requests (card and position pages), so each figure is named (the analyst's trial read «45 из 171 · бесплатно 100»
 * as 100 of 171 objects done).
 */
export interface JobLabels {
  items: string;
  free: string;
}

/**
 * `free`: a job that never charges (downloading documents): this text replaces the charged figures,
 * so it does not read «списано 0 ед.».
 */
export function JobProgress({ jobId, testId = 'job', labels, free }: { jobId: string; testId?: string; labels?: JobLabels; free?: string }) {
  const s = useStrings(strings);
  const pause = useStrings(pauseStrings);
  const locale = useLocale();
  const job = useAppStore((st) => st.jobs[jobId]);
  const done = job ? (job.held ?? job.items) : 0;
  const [cancelError, setCancelError] = useState<unknown>(null);
  const active = isJobActive(job);
  // While this line shows the job, the frame does not repeat it in its own banner (duplicates).
  const showJob = useAppStore((st) => st.showJob);
  const hideJob = useAppStore((st) => st.hideJob);
  useEffect(() => {
    showJob(jobId);
    return () => hideJob(jobId);
  }, [jobId, showJob, hideJob]);
  return (
    <div className={`job job--${job?.state ?? 'starting'}`} role="status" data-testid={testId} data-state={job?.state ?? 'starting'}>
      <div className="job__line">
        {job === undefined ? (
          <span>{s.starting}</span>
        ) : (
          <>
            <strong className="job__state">{jobStateName(job.state, locale)}</strong>
            {active && <progress max={Math.max(1, job.total ?? 0)} value={job.total ? Math.min(done, job.total) : undefined} aria-label={jobStateName(job.state, locale)} />}
            <span data-testid={`${testId}-figures`} data-items={job.items} data-held={job.held ?? undefined} data-total={job.total ?? undefined} data-charged={job.charged} data-free={job.free}>
              {labels ? `${labels.items}: ` : ''}
              {job.byFeed && job.byFeed.length > 1
                ? // Tenders and contracts each against their own set's total («71 из 69» mixed them).
                  job.byFeed.map((f) => `${s[f.feed]}: ${s.items(formatInt(f.held ?? f.items, locale), f.total === null ? '' : formatInt(f.total, locale))}`).join(' · ')
                : s.items(formatInt(done, locale), job.total === null ? '' : formatInt(job.total, locale))}
            </span>
            <span data-testid={`${testId}-charged`}>{free !== undefined ? free : labels ? `${s.chargedOnly(job.charged)} · ${labels.free}: ${formatInt(job.free, locale)}` : s.charged(job.charged, formatInt(job.free, locale))}</span>
          </>
        )}
        {active && (
          <button
            type="button"
            className="btn--link"
            data-testid={`${testId}-cancel`}
            onClick={() => {
              setCancelError(null);
              call('sync.cancel', { jobId }).catch(setCancelError);
            }}
          >
            {s.cancel}
          </button>
        )}
      </div>
      {active && job?.pausedUntil && (
        <div className="muted" data-testid={`${testId}-paused`} data-until={job.pausedUntil}>
          {pause.paused(new Date(job.pausedUntil).toLocaleTimeString(locale === 'en' ? 'en-GB' : 'ru-RU', { timeZone: 'Europe/Moscow' }))}
        </div>
      )}
      {job?.notice && (
        // What the run did that the analyst should know (a feed started again from the saved criteria).
        <div className="muted" data-testid={`${testId}-notice`}>
          {job.notice}
        </div>
      )}
      {job?.error &&
        (job.state === 'spend_cap' ? (
          // A stop at the spend limit is the run doing as told, not a failure: said plainly, not in red.
          <div className="notice notice--warn" role="status" data-testid={`${testId}-error`} data-code={job.error.code} data-look="limit">
            {errorMessage(new CallError(job.error))}
          </div>
        ) : (
          <ErrorNotice error={new CallError(job.error)} testId={`${testId}-error`} />
        ))}
      <ErrorNotice error={cancelError} testId={`${testId}-cancel-error`} />
    </div>
  );
}
