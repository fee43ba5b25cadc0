/**
 * Rows of the catalogue exactly as better-sqlite3 returns them from `store/schema.ts` (snake_case columns),
 * and the encodings of their columns: timestamps are ISO-8601 in Moscow time with an explicit `+03:00`
 * (Moscow has no DST, so a fixed offset is exact), money is rubles with kopecks in a REAL.
 */

export interface OrganizationRow {
  id: number;
  inn: string;
  kpp: string | null;
  ogrn: string;
  name: string;
  address: string;
  region: number;
}

export interface TenderRow {
  id: number;
  etp_id: string;
  purchase_type: number;
  placement_type: number;
  platform: number;
  region: number;
  customer_id: number;
  title: string;
  description: string;
  okpd2: string;
  publish_date: string;
  start_date: string;
  positions_count: number;
  lots_count: number;
  version: number;
  status: number;
  price: number;
  end_date: string;
  update_date: string;
}

export interface TenderVersionRow {
  tender_id: number;
  version: number;
  seq: number;
  status: number;
  price: number;
  end_date: string;
  update_date: string;
}

export interface ContractRow {
  id: number;
  tender_id: number;
  reestr_number: string;
  supplier_id: number;
  price: number;
  sign_date: string;
  positions_count: number;
  version: number;
  stage: number;
  paid: number;
  update_date: string;
}

export interface ContractVersionRow {
  contract_id: number;
  version: number;
  seq: number;
  stage: number;
  paid: number;
  update_date: string;
}

export interface DiscoveryLogRow {
  seq: number;
  kind: 'tender' | 'contract';
  object_id: number;
  version: number;
  discovered_at: string;
}

export const TENDER_STATUS = { active: 1, completed: 2, cancelled: 3 } as const;
export const CONTRACT_STAGE = { executing: 1, executed: 2, terminated: 3 } as const;
export const PURCHASE_TYPE = { fz44: 1, fz223: 2, commercial: 3 } as const;

export const DAY = 86_400;
const MSK_OFFSET = 3 * 3600;

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/**
 * Civil date of a day number (days since 1970-01-01), Howard Hinnant's algorithm: formatting a few million
 * timestamps through `Date` objects is a visible part of generating a large catalogue.
 */
function civilFromDays(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return [year, month, day];
}

/** Unix seconds → `2026-11-20T09:00:00+03:00`. */
export function mskIso(unixSeconds: number): string {
  const local = Math.floor(unixSeconds) + MSK_OFFSET;
  const days = Math.floor(local / DAY);
  const rest = local - days * DAY;
  const [y, m, d] = civilFromDays(days);
  const hh = Math.floor(rest / 3600);
  const mm = Math.floor((rest % 3600) / 60);
  const ss = rest % 60;
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}T${pad(hh, 2)}:${pad(mm, 2)}:${pad(ss, 2)}+03:00`;
}

/** Unix seconds → `20.11.2026`, the way people write dates in Russia. */
export function mskDate(unixSeconds: number): string {
  const [y, m, d] = civilFromDays(Math.floor((Math.floor(unixSeconds) + MSK_OFFSET) / DAY));
  return `${pad(d, 2)}.${pad(m, 2)}.${pad(y, 4)}`;
}

/** Calendar year in Moscow. */
export function mskYear(unixSeconds: number): number {
  return civilFromDays(Math.floor((Math.floor(unixSeconds) + MSK_OFFSET) / DAY))[0];
}

/** Unix seconds of the Moscow midnight that starts the day of `unixSeconds`. */
export function mskDayStart(unixSeconds: number): number {
  return Math.floor((Math.floor(unixSeconds) + MSK_OFFSET) / DAY) * DAY - MSK_OFFSET;
}

/** Any ISO-8601 timestamp with an offset or `Z` → Unix seconds. */
export function unixSeconds(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`not an ISO-8601 timestamp: ${iso}`);
  return Math.floor(ms / 1000);
}

/** Rubles with kopecks are computed in integer kopecks and stored as REAL rubles. */
export function rubles(kopecks: number): number {
  return kopecks / 100;
}

export function kopecks(rublesValue: number): number {
  return Math.round(rublesValue * 100);
}
