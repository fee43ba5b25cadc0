/**
 * Triage through the app core against the sandbox (and the strict one under
 * TENDERWB_SANDBOX_STRICT=1): `triage.rank` over the saved searches' tenders, one search or the whole cache
 * answers what the contract says; a tender given the explicit label by `marks.apply` leaves the ranking and
 * counts as a label; a list the cache does not know is `not_found`; bad scopes are refused at the boundary.
 */
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src-main/contract/ipc';
import { coreOnSandbox, finished, rejection } from './helpers';

const env = coreOnSandbox();

describe('triage through the app core', () => {
  it('ranks the saved searches’ undecided tenders; an explicit label takes a tender out and counts; scopes are checked', async () => {
    const { t } = env;
    const run = await t.call('search.run', { criteria: { regions: [77] }, label: 'разбор', events: ['created'] });
    expect((await finished(t, run.jobId)).state).toBe('done');
    const first = await t.call('triage.rank', { scope: { kind: 'searches' } });
    expect(first.model).toMatchObject({ ready: false, positives: 0, negatives: 0, min_each: 10 });
    expect(first.total).toBeGreaterThan(4);
    expect(first.tenders).toHaveLength(first.total);
    const [a, b] = first.tenders;
    await t.call('marks.apply', { tender_ids: [a!.id], interest: true });
    await t.call('marks.apply', { tender_ids: [b!.id], interest: false });
    const after = await t.call('triage.rank', { scope: { kind: 'search', filterId: run.filterId }, limit: 3 });
    expect(after.model).toMatchObject({ positives: 1, negatives: 1 });
    expect(after.total).toBe(first.total - 2);
    expect(after.tenders).toHaveLength(3);
    expect(after.tenders.map((r) => r.id)).not.toContain(a!.id);
    expect((await t.call('marks.get', { tenderId: a!.id })).interest).toBe(true);
    expect((await t.call('triage.rank', { scope: { kind: 'all' } })).total).toBeGreaterThanOrEqual(after.total);
    expect(await rejection(t.call('triage.rank', { scope: { kind: 'list', listId: 'lst_missing' } }))).toMatchObject({ code: 'not_found' });
    const feed = parseArgs('triage.rank', { scope: { kind: 'feed' } }, 'ru');
    expect(!feed.ok && feed.error).toMatchObject({ code: 'invalid_input' });
    const zero = parseArgs('triage.rank', { scope: { kind: 'all' }, limit: 0 }, 'ru');
    expect(!zero.ok && zero.error).toMatchObject({ code: 'invalid_input', fields: ['limit'] });
    expect(parseArgs('triage.rank', { scope: { kind: 'all' }, limit: 5 }, 'ru').ok).toBe(true);
  });
});
