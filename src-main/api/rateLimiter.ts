/**
 * Client-side request limiter (reference section 8: 100 requests per minute per account; D-LIM-1 counts a
 * sliding minute). One instance is shared by every client of the same account — sync, cards, lists, CLI — so
 * that a normal sync never sees 429. Waiters are served first come, first served.
 *
 * When the service answers 429 anyway (another device of the same account), `pause(ms)` holds every caller
 * until its `Retry-After` has passed.
 */

export type RateLimiterOptions = {
  /** Requests per window; default 100. */
  perMinute?: number;
  /** Window length; default 60 000 ms. */
  windowMs?: number;
  /** Clock; default `Date.now`. Tests pass a fake one. */
  now?: () => number;
  /** Waits `ms`; rejects when `signal` aborts. Tests pass one that moves their fake clock. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Told how long a waiting request is held (the app shows a running job's pause instead of a silent stall). */
  onWait?: (ms: number) => void;
};

type Waiter = { resolve: () => void; reject: (e: unknown) => void; signal?: AbortSignal; onAbort?: () => void };

export const DEFAULT_REQUESTS_PER_MINUTE = 100;

/** A real sleep that rejects with the signal's reason when aborted. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, Math.max(0, ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export class RateLimiter {
  private limit: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Times of granted slots inside the current window, ascending. */
  private granted: number[] = [];
  private readonly queue: Waiter[] = [];
  private blockedUntil = 0;
  private pumping = false;
  private pumpSleep: AbortController | null = null;
  private readonly onWait: ((ms: number) => void) | undefined;

  constructor(opts: RateLimiterOptions = {}) {
    this.limit = RateLimiter.checkLimit(opts.perMinute ?? DEFAULT_REQUESTS_PER_MINUTE);
    // A second more than the server's minute: our clock stamps a request before it travels, the server's
    // after, so a window of exactly 60 s can still let the server count one request too many.
    this.windowMs = opts.windowMs ?? 61_000;
    this.now = opts.now ?? Date.now;
    this.sleep = opts.sleep ?? abortableSleep;
    this.onWait = opts.onWait;
  }

  get perMinute(): number {
    return this.limit;
  }

  /** Changes the limit (a profile with another plan); waiters are re-evaluated. */
  set perMinute(value: number) {
    this.limit = RateLimiter.checkLimit(value);
    this.wakePump();
  }

  /** Slots used in the current window. */
  used(): number {
    this.prune();
    return this.granted.length;
  }

  /** Resolves when a request may be sent (the slot is then counted); rejects with the signal's reason. */
  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.queue.length === 0 && this.waitMs() === 0) {
      this.granted.push(this.now());
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const i = this.queue.indexOf(waiter);
          if (i >= 0) this.queue.splice(i, 1);
          if (this.queue.length === 0) this.pumpSleep?.abort();
          reject(signal.reason);
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.queue.push(waiter);
      void this.pump();
    });
  }

  /** The service said "wait" (429 Retry-After): nobody gets a slot for `ms`. */
  pause(ms: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, this.now() + Math.max(0, ms));
  }

  private static checkLimit(n: number): number {
    if (!Number.isInteger(n) || n < 1) throw new RangeError(`perMinute must be a positive integer, got ${n}`);
    return n;
  }

  private prune(): void {
    const from = this.now() - this.windowMs;
    let drop = 0;
    while (drop < this.granted.length && this.granted[drop]! <= from) drop++;
    if (drop) this.granted.splice(0, drop);
  }

  /** How long until the next slot frees, 0 when one is free now. */
  private waitMs(): number {
    this.prune();
    const now = this.now();
    let wait = Math.max(0, this.blockedUntil - now);
    if (this.granted.length >= this.limit) {
      const oldestCounted = this.granted[this.granted.length - this.limit]!;
      wait = Math.max(wait, oldestCounted + this.windowMs - now);
    }
    return wait;
  }

  private wakePump(): void {
    this.pumpSleep?.abort();
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.queue.length > 0) {
        const wait = this.waitMs();
        if (wait > 0) {
          this.onWait?.(wait);
          this.pumpSleep = new AbortController();
          try {
            await this.sleep(wait, this.pumpSleep.signal);
          } catch {
            // Woken early: a waiter left or the limit changed; re-evaluate.
          } finally {
            this.pumpSleep = null;
          }
          continue;
        }
        const waiter = this.queue.shift()!;
        if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort);
        this.granted.push(this.now());
        waiter.resolve();
      }
    } finally {
      this.pumping = false;
    }
  }
}
