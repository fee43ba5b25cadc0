/**
 * The charge audit as one pure function: the server's ledger checked against what the client holds and
 * against what the client itself was told, in both directions.
 *
 * - Ledger -> client: every ledger row must be explained by a local delivery (the version held, or a
 *   delivery of that object in the row's request: a card without a version is stored under a provisional
 *   or a matching version, so its ledger version need not be held as such). A row whose request is a
 *   quarantined answer was delivered but not understood: reported with that entry, not as lost.
 * - Client -> ledger: every charge a response told of must be in the ledger, per request id and per
 *   balance; the highest `period_total` stated and today's `usage_today` cannot exceed the rows of their
 *   balance, since both count a subset of them.
 *
 * An audit over an empty ledger while responses showed charges is a failure: it would otherwise "explain
 * every row" of nothing (the vacuous pass: a check that passes on an empty input).
 *
 * The lookups of local deliveries are passed in (the cache is far too big to pass as values); everything
 * else is plain data, so tests call this directly.
 */
export type BalanceType = 'tenders' | 'contracts';
export type ObjectKind = 'tender' | 'contract';
export type PerBalance = { tenders: number; contracts: number };

export type LedgerRow = {
  id: number;
  balance_type: BalanceType | string;
  amount: number;
  object_id: number;
  version: number;
  filter_id: string | null;
  request_id: string | null;
};

/** One response that charged, as the client logged it (cache/chargeLog.ts). */
export type SeenCharge = {
  requestId: string | null;
  via: 'feed' | 'card';
  balanceType: BalanceType;
  /** Units the response said it charged (or recounted from the items' flags when it did not say). */
  charged: number;
  stated: boolean;
  periodTotal: number | null;
};

/** A pending quarantined answer: a charging route's answer the client kept raw, not understood yet. */
export type QuarantinedAnswer = {
  quarantineId: number;
  requestId: string | null;
  route: string;
  balance: BalanceType;
  reason: string;
  receivedAt: string;
};

export interface LocalDeliveries {
  /** The version is held locally. */
  holds(kind: ObjectKind, id: number, version: number): boolean;
  /** The object was delivered locally by the request with this id (whatever version it is stored under). */
  deliveredIn(kind: ObjectKind, id: number, requestId: string): boolean;
}

export type AuditInput = {
  ledger: Iterable<LedgerRow>;
  local: LocalDeliveries;
  /** Charges responses told of; compared with the ledger only when `ledgerPulled`. */
  seen: readonly SeenCharge[];
  /**
   * The ledger was pulled after `seen` was read, so every charge seen must be in it. When false (offline)
   * charges seen since the last pull may legitimately be missing: that direction is not judged, except
   * that an empty ledger never passes while charges were seen.
   */
  ledgerPulled: boolean;
  quarantined: readonly QuarantinedAnswer[];
  /** `usage_today` of a balance fetched before the ledger was pulled; null when there is none such. */
  usageToday: PerBalance | null;
};

export type RepeatCharge = { kind: ObjectKind; id: number; version: number; ledgerIds: number[] };
export type NotUnderstood = QuarantinedAnswer & { ledgerIds: number[] };
export type MissingForRequest = { requestId: string; balanceType: BalanceType; via: 'feed' | 'card'; said: number; inLedger: number; stated: boolean };
export type MissingForBalance = { balanceType: BalanceType; seen: number; inLedger: number };
export type OverLedger = { balanceType: BalanceType; figure: 'period_total' | 'usage_today'; value: number; inLedger: number };

export type AuditVerdict = {
  rows: number;
  /** Rows explained by a local delivery (by version, or by request for cards). */
  matched: number;
  /** Of `matched`, those explained only by a delivery in the same request. */
  matchedByRequest: number;
  /** Same object version charged more than once: the server billed twice. */
  repeatCharges: RepeatCharge[];
  /** Charged versions with no local delivery and no quarantined answer: paid for, not delivered or lost. */
  unexplained: LedgerRow[];
  /** Rows of quarantined answers: delivered and paid, kept raw, not understood yet. */
  notUnderstood: NotUnderstood[];
  /** Responses whose stated charges the ledger does not hold (rows with their request id). */
  missingByRequest: MissingForRequest[];
  /** Balances where responses told of more charges than the ledger has rows. */
  missingByBalance: MissingForBalance[];
  /** `period_total` or `usage_today` above the ledger: charges the ledger does not list. */
  overLedger: OverLedger[];
  /** Units charged as responses told, per balance. */
  seen: PerBalance;
  /** Ledger rows without a request id: the per-response check skips their balance (it cannot attribute them). */
  unattributed: number;
  ledgerPulled: boolean;
  /** The ledger is empty while responses, `period_total` or `usage_today` showed charges. */
  vacuous: boolean;
  ok: boolean;
};

const BALANCES: readonly BalanceType[] = ['tenders', 'contracts'];

export const kindOf = (balanceType: string): ObjectKind | null =>
  balanceType === 'tenders' ? 'tender' : balanceType === 'contracts' ? 'contract' : null;

/** How a ledger row is explained locally: by the version held, by a delivery in its request, or not. */
export function explainRow(row: LedgerRow, local: LocalDeliveries): 'version' | 'request' | null {
  const kind = kindOf(row.balance_type);
  if (!kind) return null;
  if (local.holds(kind, row.object_id, row.version)) return 'version';
  if (row.request_id && local.deliveredIn(kind, row.object_id, row.request_id)) return 'request';
  return null;
}

const zero = (): PerBalance => ({ tenders: 0, contracts: 0 });
const isBalance = (b: string): b is BalanceType => b === 'tenders' || b === 'contracts';

export function reconcile(input: AuditInput): AuditVerdict {
  const quarantineOf = new Map<string, QuarantinedAnswer>();
  for (const q of input.quarantined) if (q.requestId) quarantineOf.set(q.requestId, q);

  const byVersion = new Map<string, RepeatCharge>();
  const unexplained: LedgerRow[] = [];
  const notUnderstood = new Map<number, NotUnderstood>();
  const rowsOf = zero();
  const amountOf = zero();
  const requestless = zero();
  const rowsOfRequest = new Map<string, number>();
  let count = 0;
  let matched = 0;
  let matchedByRequest = 0;

  for (const row of input.ledger) {
    count += 1;
    const balance = row.balance_type;
    if (isBalance(balance)) {
      rowsOf[balance] += 1;
      amountOf[balance] += row.amount;
      if (!row.request_id) requestless[balance] += 1;
    }
    if (row.request_id) rowsOfRequest.set(row.request_id, (rowsOfRequest.get(row.request_id) ?? 0) + 1);

    const kind = kindOf(balance);
    if (kind) {
      const key = `${kind}:${row.object_id}:${row.version}`;
      const entry = byVersion.get(key);
      if (entry) entry.ledgerIds.push(row.id);
      else byVersion.set(key, { kind, id: row.object_id, version: row.version, ledgerIds: [row.id] });
    }

    const how = explainRow(row, input.local);
    if (how) {
      matched += 1;
      if (how === 'request') matchedByRequest += 1;
      continue;
    }
    const q = row.request_id ? quarantineOf.get(row.request_id) : undefined;
    if (q) {
      const entry = notUnderstood.get(q.quarantineId) ?? { ...q, ledgerIds: [] };
      entry.ledgerIds.push(row.id);
      notUnderstood.set(q.quarantineId, entry);
    } else unexplained.push(row);
  }

  const repeatCharges = [...byVersion.values()].filter((r) => r.ledgerIds.length > 1);

  // What responses told of, per request and per balance.
  const seen = zero();
  const periodMax: Record<BalanceType, number | null> = { tenders: null, contracts: null };
  const perRequest = new Map<string, MissingForRequest>();
  for (const c of input.seen) {
    seen[c.balanceType] += c.charged;
    if (c.periodTotal !== null) periodMax[c.balanceType] = Math.max(periodMax[c.balanceType] ?? 0, c.periodTotal);
    if (!c.requestId || c.charged === 0) continue;
    const r = perRequest.get(c.requestId);
    if (r) {
      r.said += c.charged;
      r.stated &&= c.stated;
    } else {
      perRequest.set(c.requestId, { requestId: c.requestId, balanceType: c.balanceType, via: c.via, said: c.charged, inLedger: 0, stated: c.stated });
    }
  }

  const missingByRequest: MissingForRequest[] = [];
  const missingByBalance: MissingForBalance[] = [];
  if (input.ledgerPulled) {
    for (const r of perRequest.values()) {
      // A balance with request-less rows cannot be attributed per request; its total is still checked below.
      if (requestless[r.balanceType] > 0) continue;
      const inLedger = rowsOfRequest.get(r.requestId) ?? 0;
      if (inLedger < r.said) missingByRequest.push({ ...r, inLedger });
    }
    for (const b of BALANCES) if (seen[b] > rowsOf[b]) missingByBalance.push({ balanceType: b, seen: seen[b], inLedger: rowsOf[b] });
  }

  // Whether `period_total` and `usage_today` count deliveries or units of `amount` is not said; the larger
  // of the two never reports a shortfall that is not there.
  const overLedger: OverLedger[] = [];
  for (const b of BALANCES) {
    const inLedger = Math.max(rowsOf[b], amountOf[b]);
    // A period total a response gave after the last complete pull is above an older ledger without anything being
    // wrong (offline, the CLI and the app judge from that ledger): it is compared only with a ledger read after it.
    const period = input.ledgerPulled ? periodMax[b] : null;
    if (period !== null && period > inLedger) overLedger.push({ balanceType: b, figure: 'period_total', value: period, inLedger });
    const today = input.usageToday?.[b];
    if (today !== undefined && today > inLedger) overLedger.push({ balanceType: b, figure: 'usage_today', value: today, inLedger });
  }

  const charged = seen.tenders + seen.contracts > 0 || overLedger.length > 0;
  const vacuous = count === 0 && charged;
  const ok =
    !vacuous &&
    repeatCharges.length === 0 &&
    unexplained.length === 0 &&
    notUnderstood.size === 0 &&
    missingByRequest.length === 0 &&
    missingByBalance.length === 0 &&
    overLedger.length === 0;

  return {
    rows: count,
    matched,
    matchedByRequest,
    repeatCharges,
    unexplained,
    notUnderstood: [...notUnderstood.values()],
    missingByRequest,
    missingByBalance,
    overLedger,
    seen,
    unattributed: requestless.tenders + requestless.contracts,
    ledgerPulled: input.ledgerPulled,
    vacuous,
    ok,
  };
}
