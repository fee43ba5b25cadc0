/**
 * User lists (reference 4.9–4.13, decisions D-LIST-*): explicit sets of tender ids whose feeds follow
 * membership at once.
 */
import type Database from 'better-sqlite3';
import { ApiError, notFound, validationError } from './errors';
import { moscowIso, type SandboxClock } from './clock';
import type { FeedEngine } from './feeds';
import { randomBase62 } from './secrets';
import { emptyCollectionPage, type Conduct } from './conduct';

export const MAX_LISTS = 500;
export const MAX_LIST_ITEMS_PER_REQUEST = 10_000;
export const METADATA_MAX_BYTES = 2048;

type ListRow = { id: number; list_id: string; account_id: number; name: string; description: string; metadata: string; created_at: string };

export class Lists {
  constructor(
    private readonly db: Database.Database,
    private readonly clock: SandboxClock,
    private readonly feeds: FeedEngine,
    private readonly conduct: Conduct,
  ) {}

  ownList(accountId: number, listId: string): ListRow | undefined {
    return this.db.prepare('SELECT * FROM lists WHERE list_id = ? AND account_id = ?').get(listId, accountId) as ListRow | undefined;
  }

  create(accountId: number, name: string, description: string, metadata: Record<string, unknown>): Record<string, unknown> {
    const count = (this.db.prepare('SELECT count(*) AS n FROM lists WHERE account_id = ?').get(accountId) as { n: number }).n;
    if (count >= MAX_LISTS) throw validationError(`At most ${MAX_LISTS} lists per account.`);
    const listId = 'lst_' + randomBase62(16);
    this.db
      .prepare('INSERT INTO lists(list_id, account_id, name, description, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(listId, accountId, name, description, JSON.stringify(metadata), moscowIso(this.clock.nowMs()));
    return this.describe(this.ownList(accountId, listId)!);
  }

  page(accountId: number, limit: number, startingAfter: string | undefined): Record<string, unknown> {
    let afterRow = 0;
    if (startingAfter !== undefined) {
      const row = this.ownList(accountId, startingAfter);
      if (!row && this.conduct.emptyPageOnUnknownStart) return emptyCollectionPage();
      if (!row) throw notFound(`List ${startingAfter} does not exist.`);
      afterRow = row.id;
    }
    const rows = this.db
      .prepare('SELECT * FROM lists WHERE account_id = ? AND id > ? ORDER BY id LIMIT ?')
      .all(accountId, afterRow, limit + 1) as ListRow[];
    const hasMore = rows.length > limit;
    const data = rows.slice(0, limit).map((r) => this.describe(r));
    return { data, has_more: hasMore, next_cursor: hasMore ? (data[data.length - 1]!.list_id as string) : null };
  }

  detail(accountId: number, listId: string, limit: number, startingAfter: number | undefined): Record<string, unknown> {
    const list = this.ownList(accountId, listId);
    if (!list) throw notFound(`List ${listId} does not exist.`);
    if (startingAfter !== undefined && this.conduct.emptyPageOnUnknownStart) {
      const member = this.db.prepare('SELECT 1 FROM list_items WHERE list_id = ? AND tender_id = ?').get(list.id, startingAfter);
      if (!member) return { ...this.describe(list), ...emptyCollectionPage() };
    }
    const ids = (
      this.db.prepare('SELECT tender_id FROM list_items WHERE list_id = ? AND tender_id > ? ORDER BY tender_id LIMIT ?').all(list.id, startingAfter ?? 0, limit + 1) as {
        tender_id: number;
      }[]
    ).map((r) => r.tender_id);
    const hasMore = ids.length > limit;
    const data = ids.slice(0, limit);
    return { ...this.describe(list), data, has_more: hasMore, next_cursor: hasMore ? data[data.length - 1]! : null };
  }

  add(accountId: number, listId: string, ids: number[]): Record<string, unknown> {
    const list = this.requireList(accountId, listId, ids);
    const unique = [...new Set(ids)];
    const exists = this.db.prepare('SELECT 1 FROM tenders WHERE id = ?');
    const unknown = unique.filter((id) => !exists.get(id));
    if (unknown.length) {
      throw notFound(`Unknown tender ids: ${unknown.slice(0, 20).join(', ')}${unknown.length > 20 ? ` and ${unknown.length - 20} more` : ''}. Nothing was added.`);
    }
    const insert = this.db.prepare('INSERT OR IGNORE INTO list_items(list_id, tender_id) VALUES (?, ?)');
    const added = this.db.transaction(() => unique.filter((id) => insert.run(list.id, id).changes > 0))();
    if (added.length) this.feeds.onListItemsAdded(listId, added);
    return { list_id: listId, added: added.length, already_present: unique.length - added.length, items_count: this.count(list.id) };
  }

  remove(accountId: number, listId: string, ids: number[]): Record<string, unknown> {
    const list = this.requireList(accountId, listId, ids);
    const unique = [...new Set(ids)];
    const del = this.db.prepare('DELETE FROM list_items WHERE list_id = ? AND tender_id = ?');
    const removed = this.db.transaction(() => unique.filter((id) => del.run(list.id, id).changes > 0))();
    if (removed.length) this.feeds.onListItemsRemoved(listId, removed);
    return { list_id: listId, removed: removed.length, not_present: unique.length - removed.length, items_count: this.count(list.id) };
  }

  private requireList(accountId: number, listId: string, ids: number[]): ListRow {
    if (ids.length < 1 || ids.length > MAX_LIST_ITEMS_PER_REQUEST) {
      throw validationError(`"ids" must hold 1 to ${MAX_LIST_ITEMS_PER_REQUEST} tender ids.`);
    }
    const list = this.ownList(accountId, listId);
    if (!list) throw notFound(`List ${listId} does not exist.`);
    return list;
  }

  private count(listRowId: number): number {
    return (this.db.prepare('SELECT count(*) AS n FROM list_items WHERE list_id = ?').get(listRowId) as { n: number }).n;
  }

  private describe(r: ListRow): Record<string, unknown> {
    return {
      list_id: r.list_id,
      name: r.name,
      description: r.description,
      metadata: JSON.parse(r.metadata) as unknown,
      created_at: r.created_at,
      items_count: this.count(r.id),
    };
  }
}

export function assertMetadataSize(metadata: Record<string, unknown> | undefined): void {
  if (metadata === undefined) return;
  const bytes = Buffer.byteLength(JSON.stringify(metadata), 'utf8');
  if (bytes > METADATA_MAX_BYTES) {
    throw new ApiError(422, 'unprocessable_entity', `metadata is ${bytes} bytes; at most ${METADATA_MAX_BYTES} are allowed.`, {
      error: { details: [{ path: 'metadata', message: `at most ${METADATA_MAX_BYTES} bytes` }] },
    });
  }
}
