/**
 * «Разбор» re-ranks when a followed search delivers (src-renderer/views/triage/feedRefresh.ts): a feed event with
 * new or changed tenders asks for a ranking; events while one is in flight ask once more after it lands; a page
 * that brought nothing asks nothing.
 */
import { describe, expect, it } from 'vitest';
import { feedRefresher } from '../../src-renderer/views/triage/feedRefresh';

const news = (created: number, updated = 0) => ({ filterId: 'flt_1', created, updated });

describe('«Разбор» follows the followed searches', () => {
  it('a delivery of new or changed tenders asks for a ranking; a page that brought nothing does not', () => {
    let asks = 0;
    const r = feedRefresher(() => asks++);
    r.feed(news(0, 0));
    expect(asks).toBe(0);
    r.feed(news(3));
    expect(asks).toBe(1);
    r.landed();
    r.feed(news(0, 2));
    expect(asks).toBe(2);
  });

  it('deliveries during a ranking in flight ask once more after it lands, not once each', () => {
    let asks = 0;
    const r = feedRefresher(() => asks++);
    r.feed(news(5));
    for (let i = 0; i < 10; i++) r.feed(news(1));
    expect(asks).toBe(1);
    expect(r.busy).toBe(true);
    r.landed();
    expect(asks).toBe(2);
    r.landed();
    expect(asks).toBe(2);
    expect(r.busy).toBe(false);
  });
});
