/**
 * The last complete pull of the ledger (migration 0010), so the audit can judge from the cache without pulling
 * again (the app's audit waited minutes on a rate-limited pull of a 36,000-row ledger).
 *
 * `chargeSeq` is the charge log's last seq read before the pull began: every charge logged up to there was made
 * before the ledger was read and must be in the mirror. A charge logged after it may be missing from the mirror
 * without anything being wrong, so the audit judges that direction only while there is none.
 */
import { perCache, type CacheDb } from './database';

export interface LedgerPull {
  chargeSeq: number;
  /** `usage_today` of the balance fetched just before the pull. */
  usageToday: { tenders: number; contracts: number };
  pulledAt: string;
}

export interface LedgerPullMark {
  /** The charge log's last seq now: read it before a pull begins. */
  chargeSeqNow(): number;
  set(pull: LedgerPull): void;
  get(): LedgerPull | undefined;
}

function createLedgerPullMark(cache: CacheDb): LedgerPullMark {
  const s = {
    seq: cache.db.prepare<[], number>('SELECT coalesce(max(seq), 0) FROM response_charge').pluck(),
    set: cache.db.prepare(
      `INSERT OR REPLACE INTO ledger_pull (singleton, charge_seq, usage_today_tenders, usage_today_contracts, pulled_at)
       VALUES (1, ?, ?, ?, ?)`,
    ),
    get: cache.db.prepare<[], { charge_seq: number; usage_today_tenders: number; usage_today_contracts: number; pulled_at: string }>(
      'SELECT * FROM ledger_pull WHERE singleton = 1',
    ),
  };
  return {
    chargeSeqNow: () => s.seq.get() ?? 0,
    set(p) {
      s.set.run(p.chargeSeq, p.usageToday.tenders, p.usageToday.contracts, p.pulledAt);
    },
    get() {
      const r = s.get.get();
      return r
        ? { chargeSeq: r.charge_seq, usageToday: { tenders: r.usage_today_tenders, contracts: r.usage_today_contracts }, pulledAt: r.pulled_at }
        : undefined;
    },
  };
}

export const ledgerPullMark = perCache(createLedgerPullMark);
