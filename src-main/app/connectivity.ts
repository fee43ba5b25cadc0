/**
 * Whether the active profile's server can be reached. A network failure of any call marks the app
 * offline (calls that the cache can answer are then answered from it without waiting on the network); a
 * light probe every few seconds while offline, or on demand, brings it back online. Every change is told
 * to the renderer as `app.status`, with the number of queued edits; coming back online runs `onOnline`
 * (the outbox flush) once per transition.
 */
import { isApiError } from '../api/errors';

/** Failures that mean "cannot reach the server" rather than "the server said no". */
export function isNetworkFailure(e: unknown): boolean {
  return isApiError(e) && e.code === 'network';
}

export interface ConnectivityOptions {
  /** Answers true when the server answered at all (any HTTP status). */
  probe: () => Promise<boolean>;
  onChange: (online: boolean) => void;
  onOnline: () => Promise<void>;
  intervalMs: number;
}

export class Connectivity {
  private isOnline = true;
  private timer: NodeJS.Timeout | null = null;
  private probing: Promise<boolean> | null = null;
  private closed = false;

  constructor(private readonly opts: ConnectivityOptions) {}

  get online(): boolean {
    return this.isOnline;
  }

  /** A call failed: if for want of a network, go offline and start probing. */
  noteFailure(e: unknown): void {
    if (isNetworkFailure(e)) this.setOnline(false);
  }

  /** A read fell back to the cache because the server could not be reached. */
  noteUnreachable(): void {
    this.setOnline(false);
  }

  /** A call reached the server. */
  noteSuccess(): void {
    if (!this.isOnline) this.setOnline(true);
  }

  /** Probes now (once at a time); answers whether the server is reachable. */
  probeNow(): Promise<boolean> {
    if (this.closed) return Promise.resolve(this.isOnline);
    this.probing ??= this.opts
      .probe()
      .catch(() => false)
      .then((ok) => {
        if (!this.closed) this.setOnline(ok);
        return ok;
      })
      .finally(() => {
        this.probing = null;
      });
    return this.probing;
  }

  /** Starts over as online with no timer (another profile became active). */
  reset(): void {
    this.stopTimer();
    this.isOnline = true;
  }

  close(): void {
    this.closed = true;
    this.stopTimer();
  }

  private setOnline(online: boolean): void {
    if (online === this.isOnline) return;
    this.isOnline = online;
    if (online) {
      this.stopTimer();
      void this.opts.onOnline().catch(() => undefined);
    } else if (!this.timer && !this.closed) {
      this.timer = setInterval(() => void this.probeNow(), this.opts.intervalMs);
      this.timer.unref();
    }
    this.opts.onChange(online);
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
