/**
 * Saved-search rows new or changed since last seen, through the app core against the sandbox (and
 * the strict one under TENDERWB_SANDBOX_STRICT=1): the first look marks nothing; after the world moves and the
 * search syncs again, tenders that arrived are new and tenders delivered at a later version are changed, with
 * both versions held so the renderer can show what changed; acknowledging them clears the marks; an unknown
 * saved search is refused with a clear message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { control, finished, makeCore, sandbox, type TestCore } from './helpers';

let sb: RunningSandbox;
let t: TestCore;

beforeAll(async () => {
  sb = await sandbox();
  await control(sb, 'rate-limit', { per_minute: 1_000_000 });
  t = await makeCore(sb.baseUrl, {
    tuning: { probeIntervalMs: 150, client: { maxAttempts: 3, backoff: { baseMs: 10, maxMs: 50 } }, progressThrottleMs: 200, requestsPerMinute: 1_000_000 },
  });
});

afterAll(async () => {
  await t?.close();
  await sb?.close();
});

/** Every tender id the saved search holds, in pages as the table reads them. */
async function heldIds(filterId: string): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await t.call('search.results', { filterId, offset, limit: 500 });
    ids.push(...page.rows.map((r) => r.id));
    if (page.rows.length < 500) return ids;
  }
}

/** The marks of every held tender, asked for in pages of at most 1,000 ids as the contract allows. */
async function allMarks(filterId: string, ids: number[]) {
  const marks = [];
  for (let i = 0; i < ids.length; i += 1000) marks.push(...(await t.call('savedSearches.rowMarks', { filterId, ids: ids.slice(i, i + 1000) })).marks);
  return marks;
}

describe('saved-search rows new or changed since last seen', () => {
  it('first look: nothing marked; after a tick and a sync: new and changed rows, both versions held; acknowledged: none', async () => {
    const ALL = ['active', 'completed', 'cancelled'] as ('active' | 'completed' | 'cancelled')[];
    const run = await t.call('search.run', { criteria: { regions: [77, 78], status: ALL }, label: 'отметки', events: ['created', 'updated'] });
    expect((await finished(t, run.jobId)).state).toBe('done');
    const before = await heldIds(run.filterId);
    expect(before.length).toBeGreaterThan(0);
    const first = await t.call('savedSearches.rowMarks', { filterId: run.filterId, ids: before.slice(0, 1000), counts: true });
    expect(first.marks).toEqual([]);
    expect(first.counts).toEqual({ new: 0, changed: 0 });

    await control(sb, 'tick', { created: 400, updated: 1500 });
    const sync = await t.call('sync.start', { filterId: run.filterId });
    expect((await finished(t, sync.jobId)).state).toBe('done');
    const after = await heldIds(run.filterId);
    const marks = await allMarks(run.filterId, after);
    const counts = (await t.call('savedSearches.rowMarks', { filterId: run.filterId, ids: [], counts: true })).counts!;
    // Pages of the table do not ask for the counts (a pass over every member).
    expect((await t.call('savedSearches.rowMarks', { filterId: run.filterId, ids: after.slice(0, 10) })).counts).toBeNull();
    // 1,500 of the 2,000 tenders got a new version: some of the held ones are among them.
    expect(counts.changed).toBeGreaterThan(0);
    expect(marks.filter((m) => m.mark === 'new').length).toBe(counts.new);
    expect(marks.filter((m) => m.mark === 'changed').length).toBe(counts.changed);
    for (const m of marks.filter((x) => x.mark === 'new')) expect(before).not.toContain(m.id);
    for (const m of marks.filter((x) => x.mark === 'changed')) {
      expect(before).toContain(m.id);
      expect(m.seenVersion).not.toBeNull();
      expect(m.seenVersion!).toBeLessThan(m.version);
    }
    // What changed can be shown: the version seen and the version held are both in the cache.
    const changed = marks.find((m) => m.mark === 'changed')!;
    const seenVersion = await t.call('card.version', { kind: 'tender', id: changed.id, version: changed.seenVersion! });
    const heldVersion = await t.call('card.version', { kind: 'tender', id: changed.id, version: changed.version });
    expect(seenVersion.object.id).toBe(changed.id);
    expect(heldVersion.object.id).toBe(changed.id);

    // One row acknowledged (its card opened), then all of them.
    const one = marks[0]!;
    const partly = await t.call('savedSearches.markRowsSeen', { filterId: run.filterId, ids: [one.id] });
    expect(partly.marked).toBe(1);
    expect(partly.counts.new + partly.counts.changed).toBe(counts.new + counts.changed - 1);
    const all = await t.call('savedSearches.markRowsSeen', { filterId: run.filterId });
    expect(all.counts).toEqual({ new: 0, changed: 0 });
    expect(await allMarks(run.filterId, after)).toEqual([]);
  });

  it('an unknown saved search is refused with not_found, said in Russian and naming the search', async () => {
    const { toIpcError } = await import('../../src-main/workspace/errors');
    for (const attempt of [t.call('savedSearches.rowMarks', { filterId: 'flt_nothing_here', ids: [1] }), t.call('savedSearches.markRowsSeen', { filterId: 'flt_nothing_here' })]) {
      const err = await attempt.then(
        () => null,
        (e: unknown) => e,
      );
      expect(toIpcError(err, 'ru')).toMatchObject({ code: 'not_found', message: 'Сохранённый поиск flt_nothing_here не найден: возможно, его уже удалили.' });
    }
  });
});
