/**
 * Fetching what the cache lacks, never without asking: a dossier's backfill (contracts by the
 * customer's or supplier's INN, a paid query) and the enrichment job (cards of cached objects without
 * positions: free for versions already delivered, slow at the API's request rate). Each first says what it
 * would take, in a dialog; only the user's «Загрузить» starts the job, with consent to the previewed cost
 * (the core plans and checks it again). The job's progress shows here; when it ends, the page recomputes.
 */
import { useEffect, useState } from 'react';
import type { EnrichEstimate, MethodResult } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { JobProgress, isJobActive } from '../../components/JobProgress';
import { formatInt } from '../../format/format';
import { count, NOUNS, useLocale, useStrings, type Strings } from '../../i18n/i18n';
import { useAppStore } from '../../state/store';
import { useAction } from './useAction';

const strings: Strings<{
  backfillTitle: string;
  backfillIntro: string;
  askCost: string;
  backfillCost: (units: string) => string;
  backfillProbe: (units: string) => string;
  backfillTotal: (total: string, held: string) => string;
  backfillCustomer: string;
  backfillSupplier: string;
  enrich: string;
  enrichTitle: string;
  enrichNothing: string;
  enrichObjects: (objects: string) => string;
  enrichRequests: (cards: string, pages: string, minutes: string, perMinute: string) => string;
  enrichFree: string;
  enrichWorst: (units: string) => string;
  start: string;
  cancel: string;
  close: string;
  estimating: string;
  jobItems: string;
  enrichAll: string;
  jobFree: string;
}> = {
  ru: {
    backfillTitle: 'Дозагрузка контрактов по ИНН',
    backfillIntro: 'Контракты по ИНН — платный запрос. Чтобы узнать, сколько их на сервере, мы прочитаем один контракт (не больше 1 ед.). Ничего больше без вашего подтверждения не загрузится.',
    askCost: 'Узнать стоимость',
    // `units` ends with «ед.»: no second full stop.
    backfillCost: (units) => `Загрузка контрактов спишет не больше ${units}`,
    backfillProbe: (units) => `Проверка стоимости списала ${units}`,
    backfillTotal: (total, held) => `На сервере: ${total}, из них уже в кэше: ${held} — за них повторно не спишется.`,
    backfillCustomer: 'Дозагрузить контракты заказчика…',
    backfillSupplier: 'Дозагрузить контракты поставщика…',
    enrich: 'Дозагрузить позиции…',
    enrichTitle: 'Дозагрузка позиций из карточек',
    enrichNothing: 'У всех закупок и контрактов в кэше позиции уже есть.',
    enrichObjects: (objects) => `Без позиций в кэше: ${objects}.`,
    enrichRequests: (cards, pages, minutes, perMinute) => `Откроем карточек: ${cards}, дополнительных страниц позиций: ${pages}. При ${perMinute} запросах в минуту это займёт около ${minutes} мин.`,
    enrichFree: 'Карточки уже полученных версий бесплатны: ожидаемая стоимость 0 ед.',
    enrichWorst: (units) => `Если на сервере окажется более новая версия, её карточка спишет 1 ед.: заранее это неизвестно, поэтому загрузка ограничена ${units}`,
    start: 'Загрузить',
    cancel: 'Отмена',
    close: 'Закрыть',
    estimating: 'Считаем…',
    jobItems: 'Карточек открыто',
    enrichAll: 'Откроются карточки всех закупок и контрактов кэша без позиций, а не только по коду на этой странице.',
    jobFree: 'бесплатных запросов',
  },
  en: {
    backfillTitle: 'Fetch contracts by INN',
    backfillIntro: 'Contracts by INN are a paid query. To learn how many the server has, we read one contract (at most 1 unit). Nothing more is fetched without your confirmation.',
    askCost: 'Show the cost',
    backfillCost: (units) => `Fetching the contracts will charge at most ${units}.`,
    backfillProbe: (units) => `Checking the cost charged ${units}.`,
    backfillTotal: (total, held) => `On the server: ${total}, of which cached: ${held} (not charged again).`,
    backfillCustomer: 'Fetch the customer’s contracts…',
    backfillSupplier: 'Fetch the supplier’s contracts…',
    enrich: 'Fetch positions…',
    enrichTitle: 'Fetch positions from cards',
    enrichNothing: 'Every cached tender and contract already has its positions.',
    enrichObjects: (objects) => `Cached without positions: ${objects}.`,
    enrichRequests: (cards, pages, minutes, perMinute) => `Cards to open: ${cards}, further pages of positions: ${pages}. At ${perMinute} requests a minute this takes about ${minutes} min.`,
    enrichFree: 'Cards of versions already delivered are free: expected cost 0 units.',
    enrichWorst: (units) => `If the server has a newer version, its card charges 1 unit: this is not known beforehand, so the run is capped at ${units}.`,
    start: 'Fetch',
    cancel: 'Cancel',
    close: 'Close',
    estimating: 'Estimating…',
    jobItems: 'Cards opened',
    enrichAll: 'This opens the cards of every cached tender and contract without positions, not only those of the code on this page.',
    jobFree: 'free requests',
  },
};

/** Follows a started job until it ends, then tells the page to recompute. */
function useJobEnd(jobId: string | null, onEnded: () => void): boolean {
  const job = useAppStore((st) => (jobId ? st.jobs[jobId] : undefined));
  const ended = jobId !== null && job !== undefined && !isJobActive(job);
  useEffect(() => {
    if (ended) onEnded();
  }, [ended]);
  return jobId !== null && !ended;
}

export function BackfillButton({ kind, inn, onFetched }: { kind: 'customer' | 'supplier'; inn: string; onFetched(): void }) {
  const s = useStrings(strings);
  const locale = useLocale();
  const online = useAppStore((st) => st.online);
  const [open, setOpen] = useState(false);
  const [estimate, setEstimate] = useState<MethodResult<'insights.backfillEstimate'> | null>(null);
  const { busy, error, setError, run } = useAction();
  const [jobId, setJobId] = useState<string | null>(null);
  const running = useJobEnd(jobId, onFetched);

  const askCost = () => run(async () => setEstimate(await call('insights.backfillEstimate', { kind, inn })));
  // Consent to the previewed bound: the core plans the run again and refuses a higher cost.
  const start = (shown: MethodResult<'insights.backfillEstimate'>) =>
    run(async () => {
      const bound = shown.spend.bound;
      const answer = await call('insights.backfillStart', { kind, inn, ...(bound !== null ? { confirmCost: bound } : {}) });
      setJobId(answer.jobId);
      setOpen(false);
    });
  const close = () => {
    setOpen(false);
    setEstimate(null);
    setError(null);
  };
  return (
    <span className="insights__fetch">
      <button type="button" data-testid="insights-backfill" disabled={!online || running} onClick={() => setOpen(true)}>
        {kind === 'customer' ? s.backfillCustomer : s.backfillSupplier}
      </button>
      {jobId && <JobProgress jobId={jobId} testId="insights-backfill-job" />}
      {open && (
        <Dialog title={s.backfillTitle} onClose={close} testId="insights-backfill-dialog">
          <p>{s.backfillIntro}</p>
          {estimate && (
            <div data-testid="insights-backfill-estimate" data-bound={estimate.spend.bound ?? ''} data-total={estimate.spend.total ?? ''}>
              {estimate.spend.total !== null && <p>{s.backfillTotal(count(estimate.spend.total, NOUNS.contract, locale), count(estimate.spend.held, NOUNS.contract, locale))}</p>}
              {estimate.spend.bound !== null && <p>{s.backfillCost(count(estimate.spend.bound, NOUNS.unit, locale))}</p>}
              {estimate.charged > 0 && <p className="muted">{s.backfillProbe(count(estimate.charged, NOUNS.unit, locale))}</p>}
            </div>
          )}
          <ErrorNotice error={error} testId="insights-backfill-error" />
          <div className="dialog__actions">
            <button type="button" onClick={close}>
              {s.cancel}
            </button>
            {estimate === null ? (
              <button type="button" className="btn--primary" disabled={busy} onClick={() => void askCost()} data-testid="insights-backfill-ask">
                {busy ? s.estimating : s.askCost}
              </button>
            ) : (
              <button type="button" className="btn--primary" disabled={busy} onClick={() => void start(estimate)} data-testid="insights-backfill-start">
                {s.start}
              </button>
            )}
          </div>
        </Dialog>
      )}
    </span>
  );
}

/** The enrichment job last started this session: a page mounted again (a tab switch) still shows its progress. */
let lastEnrichJob: string | null = null;

export function EnrichButton({ onFetched }: { onFetched(): void }) {
  const s = useStrings(strings);
  const locale = useLocale();
  const online = useAppStore((st) => st.online);
  const [estimate, setEstimate] = useState<EnrichEstimate | null>(null);
  const { busy, error, run } = useAction();
  const [jobId, setJobId] = useState<string | null>(lastEnrichJob);
  const running = useJobEnd(jobId, onFetched);

  // The preview reads only the cache: free, so it is asked as soon as the dialog opens.
  const preview = () => run(async () => setEstimate(await call('insights.enrichEstimate', {})));
  const start = (shown: EnrichEstimate) =>
    run(async () => {
      const answer = await call('insights.enrichStart', { ...(shown.spend.bound !== null ? { confirmCost: shown.spend.bound } : {}) });
      lastEnrichJob = answer.jobId;
      setJobId(answer.jobId);
      setEstimate(null);
    });
  const n = (x: number) => formatInt(x, locale);
  return (
    <span className="insights__fetch">
      <button type="button" data-testid="insights-enrich" disabled={!online || running || busy} onClick={() => void preview()}>
        {s.enrich}
      </button>
      {jobId && <JobProgress jobId={jobId} testId="insights-enrich-job" labels={{ items: s.jobItems, free: s.jobFree }} />}
      {error !== null && estimate === null && <ErrorNotice error={error} testId="insights-enrich-error" />}
      {estimate && (
        <Dialog title={s.enrichTitle} onClose={() => setEstimate(null)} testId="insights-enrich-dialog">
          {estimate.objects === 0 ? (
            <p data-testid="insights-enrich-nothing">{s.enrichNothing}</p>
          ) : (
            <div data-testid="insights-enrich-estimate" data-cards={estimate.cards} data-pages={estimate.pages} data-minutes={estimate.minutes} data-cost={estimate.expectedCost}>
              <p>{s.enrichObjects(count(estimate.objects, NOUNS.object, locale))}</p>
              <p className="muted" data-testid="insights-enrich-all">{s.enrichAll}</p>
              <p>{s.enrichRequests(n(estimate.cards), n(estimate.pages), n(Math.max(1, Math.ceil(estimate.minutes))), n(estimate.perMinute))}</p>
              {estimate.expectedCost === 0 && <p>{s.enrichFree}</p>}
              {estimate.worstCase > 0 && <p className="muted">{s.enrichWorst(count(estimate.worstCase, NOUNS.unit, locale))}</p>}
            </div>
          )}
          <ErrorNotice error={error} testId="insights-enrich-error" />
          <div className="dialog__actions">
            <button type="button" onClick={() => setEstimate(null)}>
              {estimate.objects === 0 ? s.close : s.cancel}
            </button>
            {estimate.objects > 0 && (
              <button type="button" className="btn--primary" disabled={busy} onClick={() => void start(estimate)} data-testid="insights-enrich-start">
                {s.start}
              </button>
            )}
          </div>
        </Dialog>
      )}
    </span>
  );
}
