/**
 * Cursors are opaque to clients but carry everything needed to continue: the filter, the feed, the chosen
 * streams, the feed generation and the position. The HMAC makes them tamper-evident (400 invalid_cursor).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type FeedKind = 'tender' | 'contract';
export type EventName = 'created' | 'updated';

export type CursorPayload = {
  filterId: string;
  kind: FeedKind;
  events: EventName[];
  generation: number;
  position: number;
};

type Wire = { v: 1; f: string; k: 't' | 'c'; e: ('c' | 'u')[]; g: number; p: number };

export class CursorSigner {
  constructor(private readonly key: Buffer) {}

  sign(c: CursorPayload): string {
    const wire: Wire = {
      v: 1,
      f: c.filterId,
      k: c.kind === 'tender' ? 't' : 'c',
      e: c.events.map((e) => (e === 'created' ? 'c' : 'u')),
      g: c.generation,
      p: c.position,
    };
    const payload = Buffer.from(JSON.stringify(wire)).toString('base64url');
    return `cur_${payload}.${this.mac(payload)}`;
  }

  /** The payload, or null when the cursor was not made by this service (or was altered). */
  verify(cursor: string): CursorPayload | null {
    const m = /^cur_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(cursor);
    if (!m) return null;
    const [, payload, sig] = m as unknown as [string, string, string];
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const w = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Wire;
      if (w.v !== 1) return null;
      return {
        filterId: w.f,
        kind: w.k === 't' ? 'tender' : 'contract',
        events: w.e.map((e) => (e === 'c' ? 'created' : 'updated')),
        generation: w.g,
        position: w.p,
      };
    } catch {
      return null;
    }
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, 16).toString('base64url');
  }
}
