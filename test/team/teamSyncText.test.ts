/**
 * The team sync's words (issue 17): the headline counts everything that moved (not only versions), with the
 * language's plurals, the detail names the kinds only where the headline could not, and a run that moved
 * nothing says so; the CLI's summary is the same words.
 */
import { describe, expect, it } from 'vitest';
import { teamLastRunLine, teamSyncDetail, teamSyncHeadline, teamSyncSummary, type TeamCountsLike } from '../../src-main/i18n/teamSyncText';

const none: TeamCountsLike = { tender_version: 0, contract_version: 0, card: 0, ledger_row: 0, saved_search: 0, shared_change: 0 };
const of = (c: Partial<TeamCountsLike>): TeamCountsLike => ({ ...none, ...c });

describe('team sync words', () => {
  it('counts cards and mark changes in the headline, with plurals, and details only mixed directions', () => {
    const pushed = of({ card: 2, shared_change: 2 });
    const pulled = of({ shared_change: 2 });
    expect(teamSyncHeadline(pushed, pulled, 'ru')).toBe('Отправлено 4 объекта, получено 2 изменения отметок и списков');
    expect(teamSyncDetail(pushed, pulled, 'ru')).toBe('отправлено: 2 карточки, 2 изменения отметок и списков');
    expect(teamSyncHeadline(of({ card: 1 }), of({ tender_version: 3, contract_version: 2 }), 'ru')).toBe('Отправлено 1 карточка, получено 5 объектов');
    expect(teamSyncHeadline(of({ tender_version: 1, ledger_row: 20 }), none, 'ru')).toBe('Отправлено 21 объект; получать нечего');
    expect(teamSyncHeadline(none, of({ shared_change: 1 }), 'en')).toBe('Pulled 1 change of marks and lists; nothing to push');
    expect(teamSyncDetail(of({ card: 1 }), of({ shared_change: 1 }), 'ru')).toBeNull();
  });

  it('says a run that moved nothing in both languages, in the CLI summary and the last-run line', () => {
    expect(teamSyncSummary(none, none, 'ru')).toBe('Нечего отправлять и получать');
    expect(teamSyncSummary(none, none, 'en')).toBe('Nothing to push or pull');
    expect(teamLastRunLine({ pushed: none, pulled: none, at: '2026-11-25T11:02:00Z' }, 'ru')).toMatch(/^Нечего отправлять и получать · 25 ноября, \d\d:02$/);
    expect(teamSyncSummary(of({ card: 2, saved_search: 1 }), of({ card: 2 }), 'en')).toBe('Pushed 3 items, pulled 2 cards (pushed: 2 cards, 1 saved search)');
  });
});
