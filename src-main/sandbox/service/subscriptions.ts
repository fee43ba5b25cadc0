/** GET /filters and DELETE /filters/{id}: the caller's live subscriptions (D-FLT-1, D-Q-12). */
import type Database from 'better-sqlite3';
import { notFound } from './errors';
import { moscowIso, type SandboxClock } from './clock';
import { emptyCollectionPage, type Conduct } from './conduct';

type Row = { filter_id: string; params: string; expires_ms: number; contracts_projection: number; created_at: string };

export class Subscriptions {
  constructor(
    private readonly db: Database.Database,
    private readonly clock: SandboxClock,
    private readonly conduct: Conduct,
  ) {}

  page(accountId: number, limit: number, startingAfter: string | undefined): Record<string, unknown> {
    const now = this.clock.nowMs();
    const rows = this.db
      .prepare(
        `SELECT s.filter_id, f.params, s.expires_ms, s.contracts_projection, s.created_at FROM subscriptions s
         JOIN filters f ON f.filter_id = s.filter_id
         WHERE s.account_id = ? AND s.active = 1 AND s.expires_ms > ? ORDER BY s.id DESC`,
      )
      .all(accountId, now) as Row[];
    let start = 0;
    if (startingAfter !== undefined) {
      const i = rows.findIndex((r) => r.filter_id === startingAfter);
      if (i < 0 && this.conduct.emptyPageOnUnknownStart) return emptyCollectionPage();
      if (i < 0) throw notFound(`Filter ${startingAfter} is not among your subscriptions.`);
      start = i + 1;
    }
    const slice = rows.slice(start, start + limit);
    const hasMore = start + limit < rows.length;
    return {
      data: slice.map((r) => ({
        filter_id: r.filter_id,
        params: JSON.parse(r.params) as unknown,
        expires_at: moscowIso(r.expires_ms),
        contracts_projection: r.contracts_projection === 1,
        created_at: r.created_at,
      })),
      has_more: hasMore,
      next_cursor: hasMore ? slice[slice.length - 1]!.filter_id : null,
    };
  }

  extinguish(accountId: number, filterId: string): Record<string, unknown> {
    const r = this.db
      .prepare('UPDATE subscriptions SET active = 0 WHERE account_id = ? AND filter_id = ? AND active = 1 AND expires_ms > ?')
      .run(accountId, filterId, this.clock.nowMs());
    if (r.changes === 0) throw notFound(`You have no live subscription to ${filterId}.`);
    return { success: true, filter_id: filterId, message: 'Subscription extinguished; the filter and its shared cache remain.' };
  }
}
