/** The response schemas: what they require, and that unknown fields survive parsing (a newer service must not break us). */
import { describe, expect, it } from 'vitest';
import * as S from '../../src-main/api/schemas';

const envelope = (item: Record<string, unknown>) => ({
  filter_id: 'flt_0123456789abcdef01234567',
  state: 'ready',
  applied: { events: ['created'], status: ['active'] },
  results: [item],
  next_cursor: 'cur_x.y',
  total: 1,
  billed: { created: 1, updated: 0, free: 0, period_total: 1, balance_exhausted: false },
  expires_at: '2026-11-22T10:15:00+03:00',
  request_id: 'req_0123456789abcdef0123',
});

describe('response schemas', () => {
  it('unknown fields are kept at every level: envelope, applied, billed, item, tender', () => {
    const body = {
      ...envelope({ event: 'created', version: 2, billed: true, tender: { id: 7, version: 2, etp_id: 'E-7', future: { x: 1 } }, rank: 0.5 }),
      applied: { events: ['created'], status: ['active'], sort: 'discovery' },
      billed: { created: 1, updated: 0, free: 0, period_total: 1, balance_exhausted: false, currency: 'RUB' },
      new_top_level: [1, 2],
    };
    const parsed = S.QueryEnvelope.parse(body);
    expect(parsed).toEqual(body);
    expect(parsed.new_top_level).toEqual([1, 2]);
    expect((parsed.results[0]!.tender as { future: unknown }).future).toEqual({ x: 1 });
  });

  it('2.4: an object needs only an integer id; its version may be on the item alone', () => {
    expect(S.TenderObject.safeParse({ id: 1, version: 1 }).success).toBe(true);
    expect(S.TenderObject.safeParse({ id: 1, etp_id: 'E-1' }).success).toBe(true);
    expect(S.TenderObject.safeParse({ id: '1', version: 1 }).success).toBe(false);
    expect(S.TenderObject.safeParse({ id: 1.5, version: 1 }).success).toBe(false);
    expect(S.ContractObject.safeParse({ id: 3, suppliers: [] }).success).toBe(true);
  });

  it('2.3: total may be absent or null; billed, applied and expires_at may be missing; 202 needs nothing', () => {
    const { total: _total, billed: _billed, applied: _applied, expires_at: _expires, ...bare } = envelope({ event: 'created', version: 1, billed: false, tender: { id: 1 } });
    expect(S.QueryEnvelope.parse({ ...bare, state: 'partial' }).total).toBeUndefined();
    expect(S.QueryEnvelope.parse({ ...bare, total: null }).total).toBeNull();
    expect(S.QueryEnvelope.safeParse({ ...bare, next_cursor: undefined }).success).toBe(false);
    expect(S.PreparingBody.parse({ state: 'preparing', retry_after: 1, filter_id: 'flt_x', extra: true })).toMatchObject({ extra: true });
    expect(S.PreparingBody.safeParse({}).success).toBe(true);
  });

  it('409: a slice is an envelope plus the error object', () => {
    const slice = { ...envelope({ event: 'created', version: 1, billed: false, tender: { id: 1, version: 1 } }), error: { code: 'cursor_expired', message: 'm', request_id: 'req_1' } };
    expect(S.ExpiredSlice.parse(slice).error.code).toBe('cursor_expired');
  });

  it('section 7 / D-ERR-2: error bodies with details', () => {
    const e = S.ErrorBody.parse({ error: { code: 'unprocessable_entity', message: 'm', request_id: 'req_1', details: [{ path: 'customer.kpp', message: 'unknown field' }], hint: 'x' } });
    expect(e.error.details?.[0]?.path).toBe('customer.kpp');
    expect(e.error.hint).toBe('x');
  });

  it('2.6a: lists, list detail, filters, balance, ledger and tokens keep extra fields', () => {
    expect(S.ListPage.parse({ data: [{ list_id: 'lst_1', name: 'n', color: 'red' }], has_more: false, next_cursor: null }).data[0]!.color).toBe('red');
    expect(S.ListDetail.parse({ list_id: 'lst_1', name: 'n', data: [1, 2], has_more: true, next_cursor: 2 }).data).toEqual([1, 2]);
    expect(S.FilterPage.parse({ data: [{ filter_id: 'f', params: {}, expires_at: 'x', contracts_projection: false }], has_more: false, next_cursor: null }).data).toHaveLength(1);
    expect(S.Balance.parse({ balance: { tenders: 1, contracts: 2 }, usage_today: { tenders: 0, contracts: 0 }, last_updated: 'x', plan: 'pro' }).plan).toBe('pro');
    expect(S.LedgerPage.parse({ data: [{ id: 1, balance_type: 'tenders', amount: 1, object_id: 5, version: 1, filter_id: null, request_id: 'req_1' }], has_more: false, next_cursor: null }).data[0]!.filter_id).toBeNull();
    expect(S.TokenList.parse({ tokens: [{ id: 1, name: 'a', token_preview: 'p', is_active: true, created_at: 'x', last_used_at: null, scopes: [] }], total: 1 }).tokens[0]!.scopes).toEqual([]);
    expect(S.TokenResponse.safeParse({ id: 0, name: 'a', token: '', created_at: 'x' }).success).toBe(false);
    // Only what the reference promises is required: a ledger row without created_at, a list without name.
    expect(S.LedgerPage.parse({ data: [{ id: 1, balance_type: 'tenders', amount: 1, object_id: 5, version: 1, request_id: 'r' }] }).has_more).toBeUndefined();
    expect(S.ListObject.parse({ list_id: 'lst_1' }).name).toBeUndefined();
    expect(S.ListDetail.parse({ data: [1], has_more: false }).data).toEqual([1]);
    expect(S.TokenDeletion.parse({ success: true, message: 'ok' }).success).toBe(true);
  });
});
