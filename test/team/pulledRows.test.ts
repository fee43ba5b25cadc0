/**
 * The pull's check of a teammate's row, as a pure function: every id of every team table is read from
 * its decimal text and must be a whole number from 1 to 2^53 − 1 (never rounded to a neighbour), a time must be
 * readable and at most ten minutes past the given clock, a body must be an object naming its row, and a version
 * or card without delivery evidence is refused only when the analyst asks.
 */
import { describe, expect, it } from 'vitest';
import { checkRow, type CheckContext } from '../../src-main/team/pulledRows';
import type { RawPullRows } from '../../src-main/teamdb/pullStore';

const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const ctx: CheckContext = { now: NOW, refuseUnproven: false };
const at = (minutes: number): string => new Date(NOW + minutes * 60_000).toISOString();
const M = '00000000-0000-4000-8000-00000000000a';

const version = (over: Partial<RawPullRows['tender_version']> = {}): RawPullRows['tender_version'] => ({
  kind: 'tender',
  id: '21',
  version: 1,
  body: '{"id":21}',
  deliveredAt: at(-5),
  via: 'feed',
  event: 'created',
  requestId: 'req_1',
  filterId: 'flt_1',
  billed: true,
  machineId: M,
  ...over,
});
const ledger = (over: Partial<RawPullRows['ledger_row']> = {}): RawPullRows['ledger_row'] => ({
  id: '31',
  balanceType: 'tenders',
  amount: 1,
  objectId: '21',
  version: 1,
  filterId: null,
  requestId: 'req_1',
  createdAt: at(-5),
  machineId: M,
  ...over,
});
const change = (over: Partial<RawPullRows['shared_change']> = {}): RawPullRows['shared_change'] => ({
  machineId: M,
  localSeq: '1',
  entity: 'mark',
  key: '21',
  field: 'status',
  value: '"won"',
  at: at(-5),
  author: 'Вера',
  ...over,
});

const reasonOf = (checked: ReturnType<typeof checkRow>): [string, string | null] | 'ok' =>
  checked.ok ? 'ok' : [checked.refusal.skipped.reason, checked.refusal.skipped.detail];

describe('a teammate row as the pull checks it', () => {
  it('reads every id from its text and takes only whole numbers from 1 to 2^53 − 1', () => {
    const taken = checkRow('tender_version', version({ id: '9007199254740991', body: '{"id":9007199254740991}' }), ctx);
    expect(taken.ok && taken.row.id).toBe(9007199254740991);
    for (const id of ['9007199254740992', '9007199254740993', '0', '-5', '12345678901234567890', '1e3']) {
      expect(reasonOf(checkRow('tender_version', version({ id, body: '{}' }), ctx))).toEqual(['id', id]);
    }
    expect(reasonOf(checkRow('ledger_row', ledger({ id: '9007199254740993' }), ctx))).toEqual(['id', '9007199254740993']);
    expect(reasonOf(checkRow('ledger_row', ledger({ objectId: '9007199254740993' }), ctx))).toEqual(['id', '9007199254740993']);
    expect(reasonOf(checkRow('shared_change', change({ localSeq: '9007199254740993' }), ctx))).toEqual(['id', '9007199254740993']);
    expect(reasonOf(checkRow('shared_change', change({ key: '9007199254740993' }), ctx))).toEqual(['id', '9007199254740993']);
    expect(reasonOf(checkRow('shared_change', change({ entity: 'list', key: 'lst_1', field: 'member:9007199254740993', value: '{}' }), ctx))).toEqual(['id', '9007199254740993']);
    // A tag's key is its name, not an id.
    expect(reasonOf(checkRow('shared_change', change({ entity: 'tag', key: 'срочно', field: 'name', value: '"Срочно"' }), ctx))).toBe('ok');
  });

  it('takes a body only as an object that names its own row', () => {
    for (const [body, kind] of [['[]', 'array'], ['"x"', 'string'], ['null', 'null'], ['7', 'number']] as const) {
      expect(reasonOf(checkRow('tender_version', version({ body }), ctx))).toEqual(['body', kind]);
    }
    expect(reasonOf(checkRow('tender_version', version({ body: '{"id":12}' }), ctx))).toEqual(['body_key', 'id 12']);
    expect(reasonOf(checkRow('tender_version', version({ body: '{"id":21,"version":2}' }), ctx))).toEqual(['body_key', 'v2']);
    expect(reasonOf(checkRow('tender_version', version({ body: '{"name":"без id"}' }), ctx))).toBe('ok');
    expect(reasonOf(checkRow('tender_version', version({ version: -3 }), ctx))).toEqual(['version', '-3']);
  });

  it('takes a time up to ten minutes past the clock; later is held as future, unreadable is refused', () => {
    expect(reasonOf(checkRow('shared_change', change({ at: at(10) }), ctx))).toBe('ok');
    expect(reasonOf(checkRow('shared_change', change({ at: at(11) }), ctx))).toEqual(['future', at(11)]);
    expect(reasonOf(checkRow('shared_change', change({ at: '9999-12-31T23:59:59.999Z' }), ctx))).toEqual(['future', '9999-12-31T23:59:59.999Z']);
    expect(reasonOf(checkRow('shared_change', change({ at: '20000-01-01T00:00:00.000Z' }), ctx))).toEqual(['time', '20000-01-01T00:00:00.000Z']);
    expect(reasonOf(checkRow('tender_version', version({ deliveredAt: '9999-12-31T23:59:59.999Z' }), ctx))).toEqual(['future', '9999-12-31T23:59:59.999Z']);
    expect(reasonOf(checkRow('ledger_row', ledger({ createdAt: '20000-01-01T00:00:00.000Z' }), ctx))).toEqual(['time', '20000-01-01T00:00:00.000Z']);
    // The same row, checked again later (the next pull), is taken once its time has come.
    expect(reasonOf(checkRow('shared_change', change({ at: at(11) }), { ...ctx, now: NOW + 60_000 }))).toBe('ok');
  });

  it('refuses a version or card without delivery evidence only when the analyst asks', () => {
    const strict = { ...ctx, refuseUnproven: true };
    expect(reasonOf(checkRow('tender_version', version({ requestId: null }), ctx))).toBe('ok');
    expect(reasonOf(checkRow('tender_version', version({ requestId: null }), strict))).toEqual(['unproven', null]);
    // A feed delivery's page is its saved search: without the filter it names no page.
    expect(reasonOf(checkRow('tender_version', version({ filterId: null }), strict))).toEqual(['unproven', null]);
    expect(reasonOf(checkRow('tender_version', version({ via: 'card', event: null, filterId: null }), strict))).toBe('ok');
    expect(reasonOf(checkRow('tender_version', version(), strict))).toBe('ok');
    const card: RawPullRows['card'] = { kind: 'tender', id: '21', version: 1, positionsPage: 1, positionsLimit: 20, body: '{"id":21}', deliveredAt: at(-5), requestId: null, billed: true, machineId: M };
    expect(reasonOf(checkRow('card', card, strict))).toEqual(['unproven', null]);
    expect(reasonOf(checkRow('card', { ...card, requestId: 'req_9' }, strict))).toBe('ok');
    expect(reasonOf(checkRow('card', { ...card, positionsPage: 0 }, ctx))).toEqual(['value', 'positions_page 0']);
  });
});
