/**
 * Moscow months (UTC+3 all year: Russia has had no daylight saving time since 2014) and the monthly timeline
 * of a dossier: tenders by publication, contracts by signing, every month from the first to the last.
 */
import type { ContractFact, MonthPoint, TenderFact } from '../domain/insights';

const MSK_OFFSET_S = 3 * 60 * 60;

/** `YYYY-MM` of a Unix-seconds moment in Moscow time. */
export function moscowMonth(unixSeconds: number): string {
  const d = new Date((unixSeconds + MSK_OFFSET_S) * 1000);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

function nextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${String(y + 1).padStart(4, '0')}-01` : `${month.slice(0, 4)}-${String(m + 1).padStart(2, '0')}`;
}

/** The timeline, gap-free (empty months are zeros); undated objects are left off. */
export function monthlyTimeline(tenders: readonly TenderFact[], contracts: readonly ContractFact[]): MonthPoint[] {
  const points = new Map<string, MonthPoint>();
  const at = (month: string): MonthPoint => {
    let point = points.get(month);
    if (point === undefined) {
      point = { month, tenders: 0, tender_price: 0, contracts: 0, contract_price: 0 };
      points.set(month, point);
    }
    return point;
  };
  for (const t of tenders) {
    if (t.publish_at === null) continue;
    const point = at(moscowMonth(t.publish_at));
    point.tenders += 1;
    point.tender_price += t.price ?? 0;
  }
  for (const c of contracts) {
    if (c.sign_at === null) continue;
    const point = at(moscowMonth(c.sign_at));
    point.contracts += 1;
    point.contract_price += c.price ?? 0;
  }
  if (points.size === 0) return [];
  const months = [...points.keys()].sort();
  const last = months[months.length - 1]!;
  const out: MonthPoint[] = [];
  for (let month = months[0]!; month <= last; month = nextMonth(month)) out.push(at(month));
  return out;
}
