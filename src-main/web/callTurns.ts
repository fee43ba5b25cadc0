/**
 * Turns for the bridge's large calls (32 parallel 1 MB calls kept `app.info` unanswered for 3.9 s).
 *
 * A call's cost is in its body: the bridge reads and parses it, the core host copies it to the worker, and the
 * worker walks and validates it, all in arrival order, so a light call behind many large ones waits for all of
 * them. At most `maxRunning` large calls are past their turn at once; the next ones wait, first come first served,
 * with their bodies still unread (the client's socket holds them, not this process's memory); past `maxWaiting`
 * the bridge answers busy at once. Light calls never take a turn, so they are answered beside the large ones.
 */

/** Ends a turn (once; a second call does nothing). */
export type Release = () => void;

export class CallTurns {
  private running = 0;
  private readonly queue: ((release: Release) => void)[] = [];

  constructor(
    private readonly maxRunning: number,
    private readonly maxWaiting: number,
  ) {
    if (!Number.isInteger(maxRunning) || maxRunning < 1) throw new Error('maxRunning must be a whole number of at least 1.');
    if (!Number.isInteger(maxWaiting) || maxWaiting < 0) throw new Error('maxWaiting must be a whole number.');
  }

  /** Large calls past their turn and large calls waiting for one. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length };
  }

  /**
   * A turn: at once while fewer than `maxRunning` run, else when one ends. Null when `maxWaiting` calls already
   * wait (the caller answers busy). A waiting call's client that goes away is not noticed while its body is
   * unread (its socket is paused); its turn then comes, its read fails at once and the turn passes on.
   */
  take(): Promise<Release> | null {
    if (this.running < this.maxRunning && this.queue.length === 0) return Promise.resolve(this.grant());
    if (this.queue.length >= this.maxWaiting) return null;
    return new Promise<Release>((resolve) => this.queue.push(resolve));
  }

  private grant(): Release {
    this.running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
      while (this.running < this.maxRunning && this.queue.length > 0) this.queue.shift()!(this.grant());
    };
  }
}
