/** Requests per sliding minute per account (reference section 8, D-LIM-1). */
export class RateLimiter {
  private readonly windows = new Map<number, number[]>();

  constructor(public perMinute: number) {}

  /** Seconds to wait when the request is over the limit, otherwise null (and the request is counted). */
  take(accountId: number, nowMs: number): number | null {
    const recent = (this.windows.get(accountId) ?? []).filter((t) => t > nowMs - 60_000);
    if (recent.length >= this.perMinute) {
      this.windows.set(accountId, recent);
      return Math.max(1, Math.ceil((recent[recent.length - this.perMinute]! + 60_000 - nowMs) / 1000));
    }
    recent.push(nowMs);
    this.windows.set(accountId, recent);
    return null;
  }

  clear(): void {
    this.windows.clear();
  }
}
