/** Injected faults of the control surface (`POST /__sandbox/faults`), consumed one per API request. */
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../service/errors';

export type FaultKind = 'reset' | 'http500' | 'truncate' | 'preparing';

export class Faults {
  private counters: Record<FaultKind, number> = { reset: 0, http500: 0, truncate: 0, preparing: 0 };
  delayMs = 0;

  set(values: Partial<Record<FaultKind, number>> & { delay_ms?: number }): void {
    for (const k of ['reset', 'http500', 'truncate', 'preparing'] as const) {
      const v = values[k];
      if (v !== undefined) this.counters[k] = Math.max(0, Math.floor(v));
    }
    if (values.delay_ms !== undefined) this.delayMs = Math.max(0, Math.floor(values.delay_ms));
  }

  /** The fault this request suffers, in the documented order; `preparing` only for QUERY routes. */
  take(isQuery: boolean): FaultKind | null {
    for (const k of ['reset', 'http500', 'truncate', 'preparing'] as const) {
      if (k === 'preparing' && !isQuery) continue;
      if (this.counters[k] > 0) {
        this.counters[k] -= 1;
        return k;
      }
    }
    return null;
  }

  /** The injected delay of every API request (`delay_ms`), waited out. */
  async pause(): Promise<void> {
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
  }

  snapshot(): Record<string, number> {
    return { ...this.counters, delay_ms: this.delayMs };
  }

  clear(): void {
    this.set({ reset: 0, http500: 0, truncate: 0, preparing: 0, delay_ms: 0 });
  }
}

/**
 * Acts out a fault that ends a request before its route runs, the same in both generations: `reset` drops the
 * connection, `http500` answers through `fail`. True when the request is ended.
 */
export function endedByFault(fault: FaultKind | null, req: IncomingMessage, fail: (e: ApiError) => void): boolean {
  if (fault === 'reset') {
    req.socket.destroy();
    return true;
  }
  if (fault === 'http500') {
    fail(new ApiError(500, 'internal_error', 'Internal error (injected by the sandbox).'));
    return true;
  }
  return false;
}
