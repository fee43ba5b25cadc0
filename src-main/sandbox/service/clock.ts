/**
 * The sandbox's simulated clock: real time plus an offset. The offset starts where the sandbox was told to
 * start (`startSandbox({ now })`, 0 by default) and `POST /__sandbox/clock` moves it forward, so tests can
 * let subscriptions expire or days roll over without waiting. It never moves back: what the world already
 * holds must stay in its past.
 */
export class SandboxClock {
  private readonly startOffsetMs: number;
  private offsetMs: number;

  /** `startMs`: the sandbox's now at construction (epoch ms); default the real time. */
  constructor(startMs?: number) {
    this.startOffsetMs = startMs === undefined ? 0 : Math.round(startMs) - Date.now();
    this.offsetMs = this.startOffsetMs;
  }

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  advance(seconds: number): void {
    this.offsetMs += Math.round(Math.max(0, seconds) * 1000);
  }

  /** Back to where the sandbox started the clock (the real time, or its `now` moving on from its start). */
  reset(): void {
    this.offsetMs = this.startOffsetMs;
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
