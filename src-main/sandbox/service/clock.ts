/**
 * The sandbox's simulated clock: real time plus an offset that `POST /__sandbox/clock` moves, so tests can
 * let subscriptions expire or days roll over without waiting.
 */
export class SandboxClock {
  private offsetMs = 0;

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  advance(seconds: number): void {
    this.offsetMs += Math.round(seconds * 1000);
  }

  reset(): void {
    this.offsetMs = 0;
  }
}

const MOSCOW_OFFSET_MS = 3 * 3600 * 1000;

/** `2026-11-22T10:15:00+03:00`: the service speaks Moscow time, as Russian procurement does. */
export function moscowIso(ms: number): string {
  const shifted = new Date(Math.floor(ms / 1000) * 1000 + MOSCOW_OFFSET_MS);
  return shifted.toISOString().replace(/\.\d{3}Z$/, '+03:00');
}

/** Start of the Moscow calendar day that contains `ms`. */
export function moscowDayStartMs(ms: number): number {
  const day = 86_400_000;
  return Math.floor((ms + MOSCOW_OFFSET_MS) / day) * day - MOSCOW_OFFSET_MS;
}

/** Start of the Moscow calendar month that contains `ms`. */
export function moscowMonthStartMs(ms: number): number {
  const d = new Date(ms + MOSCOW_OFFSET_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - MOSCOW_OFFSET_MS;
}
