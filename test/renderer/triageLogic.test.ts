/**
 * The «Разбор» view's rules (src-renderer/views/triage/triageLogic.ts): the filters (deadline not
 * passed at a given instant, law, region), newest first, and where focus goes after a decided row leaves (the
 * one-key decisions are the command registry's: test/renderer/palette.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { filterChoices, filteredRows, nextFocus, orderedRows, type TriageRow } from '../../src-renderer/views/triage/triageLogic';

const row = (id: number, o: Partial<TriageRow> = {}): TriageRow => ({
  id,
  score: 0.5,
  likely: false,
  reasons: [],
  name: `Закупка ${id}`,
  publish_date: `2026-06-0${id}T10:00:00+03:00`,
  end_date: '2026-06-20T09:00:00+03:00',
  law: '44-FZ',
  region: { id: 77, name: 'г. Москва' },
  ...o,
});

describe('triage view rules', () => {
  const rows = [row(1), row(2, { end_date: '2026-06-10T09:00:00+03:00', law: '223-FZ' }), row(3, { region: { id: 50, name: 'Московская область' }, end_date: null })];
  const now = Date.parse('2026-06-15T00:00:00Z');

  it('the deadline filter drops a passed deadline at the given instant and keeps one not stated; law and region filter exactly', () => {
    expect(filteredRows(rows, { open: true, law: null, region: null }, now).map((r) => r.id)).toEqual([1, 3]);
    expect(filteredRows(rows, { open: false, law: null, region: null }, now).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(filteredRows(rows, { open: false, law: '223-FZ', region: null }, now).map((r) => r.id)).toEqual([2]);
    expect(filteredRows(rows, { open: false, law: null, region: 50 }, now).map((r) => r.id)).toEqual([3]);
    expect(filterChoices(rows)).toEqual({ laws: ['223-FZ', '44-FZ'], regions: [{ id: 77, name: 'г. Москва' }, { id: 50, name: 'Московская область' }] });
  });

  it('newest first re-sorts by publication; relevance keeps the order the core gave', () => {
    expect(orderedRows(rows, 'newest').map((r) => r.id)).toEqual([3, 2, 1]);
    expect(orderedRows(rows, 'relevance').map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('after a row leaves, focus goes to the row that took its place, else the one above, else nowhere', () => {
    expect(nextFocus(0, 3)).toBe(0);
    expect(nextFocus(2, 3)).toBe(1);
    expect(nextFocus(0, 1)).toBe(-1);
  });
});
