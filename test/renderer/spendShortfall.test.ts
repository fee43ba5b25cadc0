/**
 * A run the cap stops short of the set (an analyst's trial): the consent says where it stops, how many stay out
 * and how to get them; afterwards the saved search says why it holds fewer than the server's total.
 */
import { describe, expect, it } from 'vitest';
import type { SpendEstimate, SyncJob } from '../../src-main/contract/ipc';
import { capShortfallText, shortfallReason } from '../../src-renderer/components/spendShortfall';

const estimate = (total: number, held: number, bound: number): SpendEstimate => ({ total, held, estimate: total - held, bound, confirmAbove: 500, needsConfirm: true });
const job = (state: SyncJob['state'], startedAt: string): SyncJob => ({
  jobId: `j-${startedAt}`, filterId: 'flt_1', label: null, feeds: ['tender'], state, pages: 1, items: 1, charged: 1, free: 0, total: null, startedAt, finishedAt: startedAt, error: null,
});

describe('a run the cap stops short of the set', () => {
  it('the consent names the stop at the cap, how many stay out, and where to raise the cap, in both languages', () => {
    expect(capShortfallText(estimate(1034, 0, 1000), false, 'ru')?.replace(/\u00a0/g, ' ')).toBe(
      'Загрузка остановится на пределе 1 000 ед.; незагруженными останутся примерно: 34 закупки. Чтобы получить все, увеличьте предел расходов на запуск (и дневной бюджет) в настройках, раздел «Расходы», и запустите снова — уже оплаченное повторно не спишется.',
    );
    expect(capShortfallText(estimate(1034, 0, 1000), true, 'en')).toContain('The load stops at the cap of 1,000 units: about 34 contracts will be left unloaded.');
    // The whole set within the cap: nothing to say.
    expect(capShortfallText(estimate(1034, 100, 1000), false, 'ru')).toBeNull();
    expect(capShortfallText({ ...estimate(1034, 0, 1000), estimate: null, total: null }, false, 'ru')).toBeNull();
  });

  it('the saved search gives the newest run\'s stop beside counts short of the total', () => {
    const jobs = { a: job('done', '2026-03-01T09:00:00Z'), b: job('spend_cap', '2026-03-01T10:00:00Z'), c: { ...job('done', '2026-03-01T11:00:00Z'), filterId: 'flt_2' } };
    expect(shortfallReason(jobs, 'flt_1', 1001, 1034, 'ru')).toContain('последний запуск остановлен на пределе расходов');
    expect(shortfallReason(jobs, 'flt_1', 1001, 1034, 'en')).toContain('the last run stopped at the spend cap');
    expect(shortfallReason(jobs, 'flt_1', 1034, 1034, 'ru')).toBeNull();
    expect(shortfallReason({ ...jobs, d: job('running', '2026-03-01T12:00:00Z') }, 'flt_1', 1001, 1034, 'ru')).toBeNull();
  });
});
