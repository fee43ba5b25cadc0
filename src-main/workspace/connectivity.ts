/**
 * Whether the active profile's server can be reached. A free TCP heartbeat every second (or a network
 * failure of any call) marks the app offline, so it is noticed within about two seconds (calls that the cache
 * can answer are then answered from it without waiting on the network); a light probe while offline, once the
 * heartbeat finds the server again or every few seconds, or on demand, brings it back online. Every change is told
 * to the renderer as `app.status`, with the number of queued edits; coming back online runs `onOnline`
 * (the outbox flush) once per transition.
 */
import { connect } from 'node:net';
import { isApiError } from '../api/errors';

/** How often the server is looked for while nothing else talks to it, and how long one look may take. */
export const HEARTBEAT_MS = 1000;
export const HEARTBEAT_TIMEOUT_MS = 1000;

/**
 * Whether a TCP connection to the API's host and port opens. It costs no request (the API's rate limit and
 * ledger never see it), so it can run every second: a stopped server or a dropped network is noticed within
 * about two seconds even when the user is not doing anything.
 */
export function tcpReachable(baseUrl: string, timeoutMs = HEARTBEAT_TIMEOUT_MS): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return Promise.resolve(false);
  }
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean): void => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

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
  /**
   * A free look for the server (`tcpReachable`), run every `heartbeatMs` whatever the state: a miss while
   * online goes offline at once; a hit while offline runs the probe. Without it, only failed calls notice.
   */
  heartbeat?: () => Promise<boolean>;
  heartbeatMs?: number;
}

export class Connectivity {
  private isOnline = true;
  private timer: NodeJS.Timeout | null = null;
  private probing: Promise<boolean> | null = null;
  private closed = false;

  private heartbeatTimer: NodeJS.Timeout | null = null;
  private beating = false;

  constructor(private readonly opts: ConnectivityOptions) {
    if (opts.heartbeat) {
      this.heartbeatTimer = setInterval(() => void this.beat(), opts.heartbeatMs ?? HEARTBEAT_MS);
      this.heartbeatTimer.unref();
    }
  }

  /** One heartbeat at a time; a late answer from before a profile switch or close changes nothing. */
  private async beat(): Promise<void> {
    if (this.beating || this.closed || !this.opts.heartbeat) return;
    this.beating = true;
    try {
      const ok = await this.opts.heartbeat().catch(() => false);
      if (this.closed) return;
      if (!ok && this.isOnline && this.probing === null) this.setOnline(false);
      else if (ok && !this.isOnline) await this.probeNow();
    } finally {
      this.beating = false;
    }
  }

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
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
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
