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
