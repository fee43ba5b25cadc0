/**
 * What an ended sync job means for the analyst, next to the shared progress line: stopped, capped or out of
 * balance, nothing is lost and nothing is paid twice when it is run again.
 */
import type { SyncJob } from '../../src-main/contract/ipc';
import { useStrings, type Strings } from '../i18n/i18n';

/** A job that is known and still reading (a job not reported yet is not counted as running). */
export function jobRunning(job: SyncJob | undefined): boolean {
  return job !== undefined && (job.state === 'running' || job.state === 'following');
}

const strings: Strings<{ cancelled: string; spend_cap: string; balance_exhausted: string; failed: string; following: string }> = {
  ru: {
    cancelled: 'Загрузка остановлена. Полученное сохранено; повторный запуск продолжит с того же места и ничего не спишет дважды.',
    spend_cap: 'Достигнут лимит расходов. Полученное сохранено; продолжить можно с новым лимитом — оплаченное повторно не спишется.',
    balance_exhausted: 'Баланс исчерпан. После пополнения загрузка продолжится с того же места, без потерь и повторов.',
    failed: 'Загрузка прервалась. Полученное сохранено; запустите синхронизацию ещё раз.',
    following: 'Слежение включено: новые закупки приходят сами, пока вы его не остановите.',
  },
  en: {
    cancelled: 'The sync was stopped. What arrived is kept; running it again continues from the same place and charges nothing twice.',
    spend_cap: 'The spend limit was reached. What arrived is kept; continue with a new limit — nothing paid for is charged again.',
    balance_exhausted: 'The balance ran out. After a top-up the sync continues from the same place, with no loss and no repeats.',
    failed: 'The sync broke off. What arrived is kept; run the sync again.',
    following: 'Following: new tenders arrive by themselves until you stop it.',
  },
};

export function JobOutcome({ job }: { job: SyncJob | undefined }) {
  const s = useStrings(strings);
  if (!job || job.state === 'running' || job.state === 'done') return null;
  // A stop at a cap or an empty balance carries its own message (with the numbers) in the job's progress line:
  // a second sentence about the same stop would be a near-duplicate banner.
  if ((job.state === 'spend_cap' || job.state === 'balance_exhausted') && job.error) return null;
  return (
    <div className={`notice ${job.state === 'following' ? 'notice--info' : 'notice--warn'}`} data-testid="job-outcome" data-state={job.state}>
      {s[job.state]}
    </div>
  );
}
