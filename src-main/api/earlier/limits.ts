/**
 * What the client knows about the earlier generation's daily limits (reference section 8): the values, and
 * that they reset every day at 00:00 Moscow time (UTC+3, no daylight saving).
 */

export const DAILY_LIMITS = { tenders: 1000, contracts: 100, protocols: 50 } as const;

const MOSCOW_OFFSET_MS = 3 * 3600 * 1000;
const DAY_MS = 86_400_000;

/** The first 00:00 Moscow time strictly after `ms`. */
export function nextMoscowMidnightMs(ms: number): number {
  return Math.floor((ms + MOSCOW_OFFSET_MS) / DAY_MS) * DAY_MS + DAY_MS - MOSCOW_OFFSET_MS;
}

/** `23.11.2026 00:00 МСК` */
export function moscowText(ms: number): string {
  const d = new Date(ms + MOSCOW_OFFSET_MS);
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}.${p(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())} МСК`;
}

/** `через 15 ч 46 мин`, `через 3 мин`. */
export function inText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `через ${h} ч${m ? ` ${m} мин` : ''}` : `через ${m} мин`;
}

/** `2026-11-26T00:00:00+03:00`: an instant written in Moscow time, the way the service writes `reset_at`. */
export function moscowIso(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000 + MOSCOW_OFFSET_MS).toISOString().replace(/\.\d{3}Z$/, '+03:00');
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * Milliseconds since the epoch of a timestamp of this generation, or null. Document 2 says timestamps "may
 * carry a time zone offset", so `Z`, `+03:00`, `+0300` and `+03` all name their own instant; one written
 * without an offset is read as Moscow time (where the service's days and limits are), never as the local
 * time of the analyst's machine, so the same answer means the same instant everywhere.
 */
export function timestampMs(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const m = TIMESTAMP.exec(v.trim());
  if (!m) {
    const parsed = Date.parse(v);
    return Number.isNaN(parsed) ? null : parsed;
  }
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
  const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(frac.padEnd(3, '0').slice(0, 3)));
  if (Number.isNaN(local)) return null;
  return local - zoneOffsetMs(zone);
}

function zoneOffsetMs(zone: string | undefined): number {
  if (zone === undefined) return MOSCOW_OFFSET_MS;
  if (zone.toUpperCase() === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
  return (zone.startsWith('-') ? -1 : 1) * minutes * 60_000;
}
