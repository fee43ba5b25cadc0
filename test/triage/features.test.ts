/**
 * The features of a tender read dates by the domain's one rule (domain/calendar.ts apiInstant): a date given as
 * a day alone, as a strict server may send it, still gives the deadline band and a publication time, so such a
 * tender neither loses a feature nor sorts last among the newest.
 */
import { describe, expect, it } from 'vitest';
import { tenderFeatures, timeMs } from '../../src-main/triage/features';
import { tenderFacts } from '../../src-main/triage/tenderFacts';
import { feedStore } from '../../src-main/cache/feedStore';
import { tempCache, tender, tenderItem, tenderPage } from '../cache/helpers';

describe('triage features read dates as the domain does', () => {
  it('a day alone is a time (Moscow midnight), as an instant with or without an offset is', () => {
    expect(timeMs('2026-05-01')).toBe(Date.parse('2026-05-01T00:00:00+03:00'));
    expect(timeMs('2026-05-01T10:00:00')).toBe(Date.parse('2026-05-01T10:00:00+03:00'));
    expect(timeMs('2026-05-01T10:00:00Z')).toBe(Date.parse('2026-05-01T10:00:00Z'));
    expect(timeMs('не дата')).toBeNull();
  });

  it('publication and deadline given as days alone give the deadline band (the deadline closing at the day’s end)', () => {
    const keys = (o: unknown) => tenderFeatures(o).map((f) => f.key);
    // 1 May to 8 May: seven days and the rest of the 8th — more than 7 days, so the band «8 — 14 дней».
    const f = tenderFeatures({ id: 1, etp_id: '0373100000000001', name: 'Поставка компьютеров', publish_date: '2026-05-01', end_date: '2026-05-08' });
    expect(f.find((x) => x.key.startsWith('d:'))).toEqual({ key: 'd:1', words: 'на подачу 8 — 14 дней' });
    expect(keys({ id: 1, publish_date: '2026-05-01', end_date: '2026-05-05' })).toContain('d:0');
  });

  it('a tender published on a day alone sorts by that day among the newest, not last', () => {
    const cache = tempCache();
    feedStore(cache).saveFeedPage(
      tenderPage([tenderItem(tender(1, 1, { publish: '2026-05-03' })), tenderItem(tender(2, 1, { publish: '2026-05-01T09:00:00+03:00' }))], { filterId: 'flt_days', cursor: 'cur_days' }),
    );
    const [one, two] = tenderFacts(cache, [1, 2]);
    expect(one!.published).toBe(Date.parse('2026-05-03T00:00:00+03:00'));
    expect(one!.published).toBeGreaterThan(two!.published);
  });
});
