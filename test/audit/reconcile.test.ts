/**
 * The pure audit (src-main/audit/reconcile.ts): each category decided from plain inputs, in both directions,
 * and never a pass over nothing while charges were made.
 */
import { describe, expect, it } from 'vitest';
import { reconcile, type AuditInput, type LedgerRow, type LocalDeliveries, type SeenCharge } from '../../src-main/audit/reconcile';

let nextId = 0;
const row = (objectId: number, version: number, o: Partial<LedgerRow> = {}): LedgerRow => ({
  id: ++nextId,
  balance_type: 'tenders',
  amount: 1,
  object_id: objectId,
  version,
  filter_id: 'flt_a',
  request_id: 'req_feed1',
  ...o,
});

/** Local deliveries as plain data: held versions, and (kind:id -> request ids) of deliveries. */
function local(held: string[], byRequest: Record<string, string[]> = {}): LocalDeliveries {
  const versions = new Set(held);
  return {
    holds: (kind, id, version) => versions.has(`${kind}:${id}:${version}`),
    deliveredIn: (kind, id, requestId) => (byRequest[`${kind}:${id}`] ?? []).includes(requestId),
  };
}

const seen = (requestId: string | null, charged: number, o: Partial<SeenCharge> = {}): SeenCharge => ({
  requestId,
  via: 'feed',
  balanceType: 'tenders',
  charged,
  stated: true,
  periodTotal: null,
  ...o,
});

const audit = (o: Partial<AuditInput>) =>
  reconcile({ ledger: [], local: local([]), seen: [], ledgerPulled: true, quarantined: [], usageToday: null, ...o });

describe('reconcile', () => {
  it('every row matched to a held version and every seen charge in the ledger: ok', () => {
    const rows = [row(1, 1), row(2, 1)];
    const v = audit({ ledger: rows, local: local(['tender:1:1', 'tender:2:1']), seen: [seen('req_feed1', 2, { periodTotal: 2 })], usageToday: { tenders: 2, contracts: 0 } });
    expect(v).toMatchObject({ ok: true, rows: 2, matched: 2, matchedByRequest: 0, vacuous: false, seen: { tenders: 2, contracts: 0 } });
    expect([v.repeatCharges, v.unexplained, v.notUnderstood, v.missingByRequest, v.missingByBalance, v.overLedger]).toEqual([[], [], [], [], [], []]);
  });

  it('the same version charged twice is a repeat charge naming both rows', () => {
    const rows = [row(1, 3), row(1, 3, { request_id: 'req_feed2' })];
    const v = audit({ ledger: rows, local: local(['tender:1:3']) });
    expect(v.ok).toBe(false);
    expect(v.repeatCharges).toEqual([{ kind: 'tender', id: 1, version: 3, ledgerIds: [rows[0]!.id, rows[1]!.id] }]);
    expect(v.unexplained).toEqual([]);
  });

  it('a row with no local delivery is unexplained; an unknown balance type is too', () => {
    const rows = [row(1, 1), row(9, 1), row(1, 1, { balance_type: 'licenses' })];
    const v = audit({ ledger: rows, local: local(['tender:1:1']) });
    expect(v.ok).toBe(false);
    expect(v.matched).toBe(1);
    expect(v.unexplained.map((r) => r.id)).toEqual([rows[1]!.id, rows[2]!.id]);
  });

  it('a card row is explained by a delivery of its request, whatever version the card is stored under', () => {
    // The card came without a version and is stored provisionally (v -1): its ledger row says v7.
    const card = row(5, 7, { filter_id: null, request_id: 'req_card1' });
    const other = row(6, 2, { filter_id: null, request_id: 'req_card2' });
    const v = audit({ ledger: [card, other], local: local([], { 'tender:5': ['req_card1'], 'tender:6': ['req_elsewhere'] }) });
    expect(v.matched).toBe(1);
    expect(v.matchedByRequest).toBe(1);
    // A delivery of another object (or in another request) explains nothing.
    expect(v.unexplained.map((r) => r.id)).toEqual([other.id]);
    expect(audit({ ledger: [row(5, 7, { request_id: 'req_card1', balance_type: 'contracts' })], local: local([], { 'tender:5': ['req_card1'] }) }).matched).toBe(0);
  });

  it('a row of a quarantined answer is delivered but not understood, named with its entry, not unexplained', () => {
    const rows = [row(1, 1, { request_id: 'req_q' }), row(2, 1, { request_id: 'req_q' }), row(3, 1, { request_id: 'req_lost' })];
    const q = { quarantineId: 4, requestId: 'req_q', route: 'POST /tenders/query', balance: 'tenders' as const, reason: 'no next_cursor', receivedAt: '2026-08-01T10:00:00Z' };
    const v = audit({ ledger: rows, quarantined: [q] });
    expect(v.ok).toBe(false);
    expect(v.notUnderstood).toEqual([{ ...q, ledgerIds: [rows[0]!.id, rows[1]!.id] }]);
    expect(v.unexplained.map((r) => r.id)).toEqual([rows[2]!.id]);
  });

  it('a response whose charges the ledger lacks is missing per request and per balance', () => {
    const rows = [row(1, 1, { request_id: 'req_a' })];
    const v = audit({
      ledger: rows,
      local: local(['tender:1:1']),
      seen: [seen('req_a', 1), seen('req_b', 2, { stated: false }), seen('req_c', 1, { balanceType: 'contracts', via: 'card' })],
    });
    expect(v.ok).toBe(false);
    expect(v.unexplained).toEqual([]);
    expect(v.missingByRequest).toEqual([
      { requestId: 'req_b', balanceType: 'tenders', via: 'feed', said: 2, inLedger: 0, stated: false },
      { requestId: 'req_c', balanceType: 'contracts', via: 'card', said: 1, inLedger: 0, stated: true },
    ]);
    expect(v.missingByBalance).toEqual([
      { balanceType: 'tenders', seen: 3, inLedger: 1 },
      { balanceType: 'contracts', seen: 1, inLedger: 0 },
    ]);
  });

  it('ledger rows without a request id: the per-response check leaves their balance to the total', () => {
    const rows = [row(1, 1, { request_id: null }), row(2, 1, { request_id: null })];
    const v = audit({ ledger: rows, local: local(['tender:1:1', 'tender:2:1']), seen: [seen('req_a', 2)] });
    expect(v).toMatchObject({ ok: true, unattributed: 2, missingByRequest: [], missingByBalance: [] });
    expect(audit({ ledger: rows, local: local(['tender:1:1', 'tender:2:1']), seen: [seen('req_a', 3)] }).missingByBalance).toEqual([
      { balanceType: 'tenders', seen: 3, inLedger: 2 },
    ]);
  });

  it('more ledger rows than responses told of is fine (another device, an older cache)', () => {
    const rows = [row(1, 1, { request_id: 'req_a' }), row(2, 1, { request_id: 'req_x' })];
    expect(audit({ ledger: rows, local: local(['tender:1:1', 'tender:2:1']), seen: [seen('req_a', 1)] }).ok).toBe(true);
  });

  it('period_total and usage_today above the rows of their balance mean charges missing from the ledger', () => {
    const rows = [row(1, 1), row(2, 1), row(3, 1, { balance_type: 'contracts' })];
    const held = local(['tender:1:1', 'tender:2:1', 'contract:3:1']);
    const v = audit({ ledger: rows, local: held, seen: [seen(null, 0, { periodTotal: 5 }), seen(null, 0, { periodTotal: 3 })], usageToday: { tenders: 2, contracts: 4 } });
    expect(v.ok).toBe(false);
    expect(v.overLedger).toEqual([
      { balanceType: 'tenders', figure: 'period_total', value: 5, inLedger: 2 },
      { balanceType: 'contracts', figure: 'usage_today', value: 4, inLedger: 1 },
    ]);
    // Equal is fine: the period and today are subsets of every row.
    expect(audit({ ledger: rows, local: held, seen: [seen(null, 0, { periodTotal: 2 })], usageToday: { tenders: 2, contracts: 1 } }).ok).toBe(true);
  });

  it('an empty ledger while responses showed charges is a failure, not "every charge explained"', () => {
    const v = audit({ seen: [seen('req_a', 3)] });
    expect(v).toMatchObject({ ok: false, vacuous: true, rows: 0, matched: 0, seen: { tenders: 3, contracts: 0 } });
    // Also offline, when charges seen are otherwise not compared with an older ledger.
    expect(audit({ seen: [seen('req_a', 3)], ledgerPulled: false })).toMatchObject({ ok: false, vacuous: true, missingByBalance: [] });
    // And when only the server's figures show charges.
    expect(audit({ usageToday: { tenders: 0, contracts: 1 } })).toMatchObject({ ok: false, vacuous: true });
    expect(audit({ seen: [seen(null, 0, { periodTotal: 4 })] })).toMatchObject({ ok: false, vacuous: true });
    // Nothing charged anywhere and nothing in the ledger: nothing to explain.
    expect(audit({ usageToday: { tenders: 0, contracts: 0 } })).toMatchObject({ ok: true, vacuous: false });
  });

  it('offline (ledger not pulled), charges seen since the last pull are not reported missing', () => {
    const rows = [row(1, 1, { request_id: 'req_a' })];
    const v = audit({ ledger: rows, local: local(['tender:1:1']), seen: [seen('req_a', 1), seen('req_b', 1)], ledgerPulled: false });
    expect(v).toMatchObject({ ok: true, ledgerPulled: false, missingByRequest: [], missingByBalance: [] });
    // Nor by the period total a later response gave (the CLI's offline audit failed on it).
    const later = audit({ ledger: rows, local: local(['tender:1:1']), seen: [seen('req_a', 1, { periodTotal: 1 }), seen('req_b', 1, { periodTotal: 2 })], ledgerPulled: false });
    expect(later).toMatchObject({ ok: true, overLedger: [] });
    // The same figures against a ledger read after them are a shortfall.
    expect(audit({ ledger: rows, local: local(['tender:1:1']), seen: [seen('req_a', 1, { periodTotal: 1 }), seen('req_b', 1, { periodTotal: 2 })] }).overLedger).toEqual([
      { balanceType: 'tenders', figure: 'period_total', value: 2, inLedger: 1 },
    ]);
  });
});
