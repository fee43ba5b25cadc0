import { describe, expect, it } from 'vitest';
import { dayChart, fillDays, moscowDay, niceStep, searchBars } from '../../src-renderer/views/ledger/spendChart';

describe('spend chart geometry', () => {
  it('the Moscow day turns at 21:00 UTC', () => {
    expect(moscowDay(new Date('2026-07-09T20:59:00Z'))).toBe('2026-07-09');
    expect(moscowDay(new Date('2026-07-09T21:00:00Z'))).toBe('2026-07-10');
  });

  it('fills every day of the window with zeros where nothing was charged, oldest first', () => {
    const days = fillDays([{ day: '2026-07-09', tenders: 5, contracts: 1 }, { day: '2026-07-01', tenders: 9, contracts: 0 }], 3, '2026-07-10');
    expect(days).toEqual([
      { day: '2026-07-08', tenders: 0, contracts: 0 },
      { day: '2026-07-09', tenders: 5, contracts: 1 },
      { day: '2026-07-10', tenders: 0, contracts: 0 },
    ]);
  });

  it('fills across a month end', () => {
    expect(fillDays([], 3, '2026-03-01').map((d) => d.day)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });

  it('steps are 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(0)).toBe(1);
    expect(niceStep(3)).toBe(1);
    expect(niceStep(17)).toBe(5);
    expect(niceStep(730)).toBe(200);
    expect(niceStep(1000)).toBe(500);
  });

  it('stacks contracts on tenders, scaled to the rounded axis, inside the plot', () => {
    const c = dayChart(
      [
        { day: '2026-07-09', tenders: 10, contracts: 5 },
        { day: '2026-07-10', tenders: 0, contracts: 0 },
      ],
      400,
      200,
    );
    expect(c.max).toBe(15); // peak 15, step 5
    expect(c.ticks.map((t) => t.value)).toEqual([0, 5, 10, 15]);
    expect(c.ticks[0]!.y).toBe(c.plot.bottom);
    expect(c.ticks[3]!.y).toBe(c.plot.top);
    expect(c.bars.map((b) => [b.series, b.day, b.value])).toEqual([
      ['tenders', '2026-07-09', 10],
      ['contracts', '2026-07-09', 5],
    ]);
    const [t, k] = c.bars as [NonNullable<(typeof c.bars)[0]>, NonNullable<(typeof c.bars)[0]>];
    expect(t.y + t.height).toBeCloseTo(c.plot.bottom);
    expect(k.y + k.height).toBeCloseTo(t.y);
    expect(k.y).toBeCloseTo(c.plot.top);
    expect(t.height / k.height).toBeCloseTo(2);
    expect(t.x).toBeGreaterThanOrEqual(c.plot.left);
    expect(c.total).toEqual({ tenders: 10, contracts: 5 });
  });

  it('labels thin out so they do not overlap, and today always has one', () => {
    const days = fillDays([], 90, '2026-07-10');
    const c = dayChart(days, 500, 200);
    expect(c.labels.length).toBeLessThanOrEqual(Math.floor((c.plot.right - c.plot.left) / 48));
    expect(c.labels.at(-1)?.day).toBe('2026-07-10');
    for (let i = 1; i < c.labels.length; i++) expect(c.labels[i]!.x - c.labels[i - 1]!.x).toBeGreaterThanOrEqual(40);
  });

  it('an empty window still has an axis and no bars', () => {
    const c = dayChart(fillDays([], 7, '2026-07-10'), 300, 150);
    expect(c.bars).toEqual([]);
    expect(c.max).toBe(1);
  });

  it('a search without a label is named by its summary, never by its flt_ id', () => {
    const bars = searchBars([{ filterId: 'flt_b', label: null, units: 3 }], 200, 20, 'карточки', (id) => (id === 'flt_b' ? 'поставка · Москва' : '?'));
    expect(bars.map((b) => b.label)).toEqual(['поставка · Москва']);
    expect(searchBars([{ filterId: 'flt_c', label: null, units: 3 }], 200, 20, 'карточки')[0]!.label).not.toMatch(/flt_/);
  });

  it('search bars: largest first, the largest fills the width, unnamed searches get a label', () => {
    const bars = searchBars(
      [
        { filterId: 'flt_a', label: 'ИТ Москва', units: 10 },
        { filterId: null, label: null, units: 40 },
        { filterId: 'flt_b', label: null, units: 0 },
      ],
      200,
      20,
      'карточки',
    );
    expect(bars).toEqual([
      { key: 'none-0', label: 'карточки', units: 40, y: 0, width: 200 },
      { key: 'flt_a', label: 'ИТ Москва', units: 10, y: 20, width: 50 },
    ]);
  });
});
