/**
 * The team sync's words: the headline counts everything that moved (not only versions), with the
 * language's plurals, the detail names the kinds only where the headline could not, and a run that moved
 * nothing says so; the CLI's summary is the same words.
 */
import { describe, expect, it } from 'vitest';
import type { SkippedTeamRow } from '../../src-main/domain/teamRows';
import { teamLastRunLine, teamSkippedLines, teamSyncDetail, teamSyncHeadline, teamSyncSummary, type TeamCountsLike } from '../../src-main/i18n/teamSyncText';

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

  it('the headline counts the rows a pull held instead of taking, so it agrees with the lines naming them (never «Нечего отправлять и получать» above «Не принято… 2 строки»)', () => {
    const held = teamSkippedLines([], 2, 'ru');
    expect(held[0]).toBe('Не принято из базы команды и отложено: 2 строки; всё остальное получено.');
    expect(teamSyncHeadline(none, none, 'ru', 2)).toBe('Не принято: 2 строки; отправлять нечего');
    expect(teamSyncHeadline(none, none, 'en', 1)).toBe('Not taken: 1 row; nothing to push');
    expect(teamSyncHeadline(none, of({ tender_version: 3, card: 2 }), 'ru', 5)).toBe('Получено 5 объектов, не принято: 5 строк; отправлять нечего');
    expect(teamSyncHeadline(of({ card: 1 }), none, 'ru', 2)).toBe('Отправлено 1 карточка, не принято: 2 строки');
    expect(teamSyncHeadline(of({ card: 1 }), of({ shared_change: 1 }), 'en', 3)).toBe('Pushed 1 card, pulled 1 change of marks and lists, not taken: 3 rows');
    // Settings' status line and the CLI's summary say the same.
    expect(teamLastRunLine({ pushed: none, pulled: none, at: '2026-11-25T11:02:00Z', skippedTotal: 2 }, 'ru')).toMatch(/^Не принято: 2 строки; отправлять нечего · 25 ноября, \d\d:02$/);
    expect(teamSyncSummary(none, none, 'ru', 2)).toBe('Не принято: 2 строки; отправлять нечего');
    // Nothing held: the words as before.
    expect(teamSyncHeadline(none, none, 'ru', 0)).toBe('Нечего отправлять и получать');
    expect(teamLastRunLine({ pushed: none, pulled: none, at: '2026-11-25T11:02:00Z', skippedTotal: 0 }, 'ru')).toMatch(/^Нечего отправлять и получать · /);
  });

  it('names each row a pull did not take, why, and who pushed it, in both languages; a teammate\'s control and bidi characters never reach the line', () => {
    const vera = { machineId: '00000000-0000-4000-8000-00000000000a', author: 'Вера' };
    const rows: SkippedTeamRow[] = [
      { table: 'tender_version', kind: 'tender', id: '11', version: '1', reason: 'body_key', detail: 'id 12', ...vera },
      { table: 'tender_version', kind: 'tender', id: '13', version: '1', reason: 'body', detail: 'array', ...vera },
      { table: 'tender_version', kind: 'tender', id: '9007199254740993', version: '1', reason: 'id', detail: '9007199254740993', ...vera },
      { table: 'ledger_row', id: '31', reason: 'id', detail: '31', machineId: 'ffffffff-0000-4000-8000-000000000000', author: null },
      { table: 'shared_change', id: '19', entity: 'mark', field: 'status', reason: 'future', detail: '9999-12-31T23:59:59.999Z', ...vera },
      { table: 'shared_change', id: '\u001b]0;pwned\u0007\u202e17', entity: 'mark', field: 'status', reason: 'time', detail: '20000-01-01T00:00:00.000Z', author: 'Ве\u001b[2Jра' , machineId: vera.machineId },
    ];
    expect(teamSkippedLines(rows, 8, 'ru')).toEqual([
      'Не принято из базы команды и отложено: 8 строк; всё остальное получено.',
      '— версия тендера 11 v1 (отправитель: Вера): тело описывает другой объект (id 12)',
      '— версия тендера 13 v1 (отправитель: Вера): тело — не объект JSON, а массив',
      '— версия тендера 9007199254740993 v1 (отправитель: Вера): id 9007199254740993 — не целое число от 1 до 2^53 − 1',
      '— строка журнала списаний 31 (отправитель: машина ffffffff): id 31 — не целое число от 1 до 2^53 − 1',
      '— отметка тендера 19 (статус) (отправитель: Вера): датировано будущим (9999-12-31T23:59:59.999Z): будет принято, когда это время наступит',
      '— отметка тендера ]0;pwned17 (статус) (отправитель: Ве[2Jра): время «20000-01-01T00:00:00.000Z» не читается',
      '… и ещё 2 строки',
    ]);
    expect(teamSkippedLines(rows.slice(0, 1), 1, 'en')).toEqual([
      'Not taken from the team database and held: 1 row; everything else was pulled.',
      '— tender version 11 v1 (pushed by Вера): the body describes another object (id 12)',
    ]);
    expect(teamSkippedLines([], 0, 'ru')).toEqual([]);
  });
});
