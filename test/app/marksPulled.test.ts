/**
 * The app's mark handlers and a team pull: marks a pull writes into the session's cache emit
 * `marks.changed` like a change made here (so the card and the tables reload), and `marks.history` shows the
 * pulled change beside this machine's own.
 */
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src-main/app/context';
import { markHandlers } from '../../src-main/app/marks';
import { applyPulledChanges } from '../../src-main/team/sharedChanges';
import { tempCache } from '../cache/helpers';

describe('marks pulled from the team database in the app', () => {
  it('a pulled mark emits marks.changed for its tender and shows in marks.history', async () => {
    const cache = tempCache();
    const events: { event: string; payload: unknown }[] = [];
    const ctx = { session: () => ({ cache }), sessionOrNull: () => ({ cache }), emit: (event: string, payload: unknown) => events.push({ event, payload }) } as unknown as AppContext;
    const handlers = markHandlers(ctx);
    await handlers['marks.apply']({ tender_ids: [77], status: 'new' });
    events.length = 0;

    const at = new Date(Date.now() + 60_000).toISOString();
    applyPulledChanges(cache, [{ machineId: '00000000-0000-4000-8000-000000000002', localSeq: 3, entity: 'mark', key: '77', field: 'status', value: 'preparing', at, author: 'Петров' }]);
    expect(events).toEqual([{ event: 'marks.changed', payload: { tenderIds: [77] } }]);
    // A pull into another profile's cache is no view's here.
    const other = tempCache();
    applyPulledChanges(other, [{ machineId: '00000000-0000-4000-8000-000000000002', localSeq: 4, entity: 'mark', key: '78', field: 'status', value: 'won', at, author: 'Петров' }]);
    expect(events).toHaveLength(1);
    other.close();
    expect((await handlers['marks.get']({ tenderId: 77 })).status).toBe('preparing');
    const history = await handlers['marks.history']({ tenderId: 77 });
    expect(history.map((h) => [h.value, h.author, h.pulled])).toEqual([
      ['new', '', false],
      ['preparing', 'Петров', true],
    ]);
    cache.close();
  });
});
