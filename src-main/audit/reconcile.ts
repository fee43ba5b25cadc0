/**
 * The proof of "no repeat charges": every row of the server's ledger must match exactly one version we
 * hold locally, and no (object, version) may be charged twice.
 */
export type LedgerRow = {
  id: number;
  balance_type: 'tenders' | 'contracts' | string;
  amount: number;
  object_id: number;
  version: number;
  filter_id: string | null;
  request_id: string;
};

export type AuditVerdict = {
  rows: number;
  matched: number;
  /** Same object version charged more than once: the server billed twice. */
  repeatCharges: { kind: 'tender' | 'contract'; id: number; version: number; ledgerIds: number[] }[];
  /** Charged versions we do not hold: paid for but not delivered, or delivered and lost. */
  unexplained: LedgerRow[];
  ok: boolean;
};

const kindOf = (balanceType: string): 'tender' | 'contract' | null =>
  balanceType === 'tenders' ? 'tender' : balanceType === 'contracts' ? 'contract' : null;

export function reconcile(rows: Iterable<LedgerRow>, holds: (kind: 'tender' | 'contract', id: number, version: number) => boolean): AuditVerdict {
  const byVersion = new Map<string, LedgerRow[]>();
  const unexplained: LedgerRow[] = [];
  let count = 0;
  let matched = 0;
  for (const row of rows) {
    count += 1;
    const kind = kindOf(row.balance_type);
    if (!kind || !holds(kind, row.object_id, row.version)) {
      unexplained.push(row);
      continue;
    }
    matched += 1;
    const key = `${kind}:${row.object_id}:${row.version}`;
    const list = byVersion.get(key);
    if (list) list.push(row);
    else byVersion.set(key, [row]);
  }
  const repeatCharges: AuditVerdict['repeatCharges'] = [];
  for (const [key, list] of byVersion) {
    if (list.length < 2) continue;
    const [kind, id, version] = key.split(':') as ['tender' | 'contract', string, string];
    repeatCharges.push({ kind, id: Number(id), version: Number(version), ledgerIds: list.map((r) => r.id) });
  }
  return { rows: count, matched, repeatCharges, unexplained, ok: repeatCharges.length === 0 && unexplained.length === 0 };
}
