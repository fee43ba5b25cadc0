/**
 * Local mirror of the user's lists (POST/GET /lists, /lists/{id}/items): what the server last said, plus the
 * changes the app made, so lists read offline. The server stays the authority on who is a member; `setItems`
 * replaces a list's members with what the server returned. The order is the server's until the analyst sets
 * one here (`moveItem`); from then on it is the analyst's (the API has no route for member order, D-LIST-8).
 */
import { perCache, type CacheDb } from './database';
import { CacheInputError } from './errors';
import { LIST_ORDER_SCHEMA_VERSION } from './migrations/0031-list-local-order';
import { nowIso } from './types';
import { writeTransaction } from './writeRetry';

export interface ListInput {
  listId: string;
  name: string;
  description?: string;
  metadata?: Record<string, unknown>;
  createdAt: string;
}

export interface CachedList {
  listId: string;
  /** The name shown: the one given here (`renameLocally`), else the server's. */
  name: string;
  /** The server's name, immutable after creation (reference 2.6a). */
  serverName: string;
  /** When the list was deleted here (the API has no delete route, so the server keeps it); null when shown. */
  hiddenAt: string | null;
  description: string;
  metadata: Record<string, unknown>;
  createdAt: string;
  itemsCount: number;
  /** When the analyst last set the members' order here; null while the list keeps the server's order. */
  orderedAt: string | null;
}

export interface ListMember {
  tenderId: number;
  addedAt: string;
}

export interface ListStore {
  upsertList(list: ListInput): void;
  /** A list held here, also one deleted here (its `hiddenAt` says so). */
  getList(listId: string): CachedList | undefined;
  /** The lists shown: those not deleted here. */
  lists(): CachedList[];
  removeList(listId: string): boolean;
  /** Gives the list a name seen only here (null: the server's name again); false when there is no such list. */
  renameLocally(listId: string, name: string | null): boolean;
  /** Deletes the list here only: kept in the file so the server's copy does not come back with the next mirror. */
  hideList(listId: string, at?: string): boolean;
  /**
   * Makes the members exactly `tenderIds` (the server's), those already present keeping their added_at. A list
   * whose order the analyst never set takes the server's order; one they did keeps its order for the members
   * it knows and appends new ones after them, in the server's order (D-LIST-8).
   */
  setItems(listId: string, tenderIds: readonly number[], addedAt?: string): void;
  addItems(listId: string, tenderIds: readonly number[], addedAt?: string): { added: number; alreadyPresent: number };
  removeItems(listId: string, tenderIds: readonly number[]): { removed: number; notPresent: number };
  /**
   * Moves a member to `place` (1-based; past the end: last) and records the order as the analyst's, so a sync
   * keeps it. Returns the member's new place, or null when the tender is not a member.
   */
  moveItem(listId: string, tenderId: number, place: number, at?: string): number | null;
  /** The members in the list's order (the server's or the analyst's, then local additions in the order made). */
  items(listId: string): ListMember[];
  /** The lists holding a tender. */
  listsOf(tenderId: number): string[];
  /** Moves the members of list `from` to list `to` (which must exist) and forgets `from`. */
  moveItems(from: string, to: string): void;
}

interface ListRow {
  list_id: string;
  name: string;
  local_name: string | null;
  hidden_at: string | null;
  description: string;
  metadata: string;
  created_at: string;
  items_count: number;
  /** Absent in a file older than migration 0031. */
  ordered_at?: string | null;
}

const toList = (r: ListRow): CachedList => ({
  listId: r.list_id,
  name: r.local_name ?? r.name,
  serverName: r.name,
  hiddenAt: r.hidden_at,
  description: r.description,
  metadata: JSON.parse(r.metadata) as Record<string, unknown>,
  createdAt: r.created_at,
  itemsCount: r.items_count,
  orderedAt: r.ordered_at ?? null,
});

const SELECT = `SELECT l.*, (SELECT count(*) FROM list_item i WHERE i.list_id = l.list_id) AS items_count FROM list l`;

function checkIds(ids: readonly number[]): void {
  for (const id of ids) if (!Number.isSafeInteger(id) || id <= 0) throw new CacheInputError(`Tender id ${String(id)} is not a positive integer.`);
}

/** Adds a member at the end of its list (list id, tender id, added at, list id again); nothing when present. */
export const ADD_ITEM = `INSERT INTO list_item (list_id, tender_id, added_at, position)
  VALUES (?, ?, ?, (SELECT coalesce(max(position), 0) + 1 FROM list_item WHERE list_id = ?)) ON CONFLICT DO NOTHING`;

function createListStore(cache: CacheDb): ListStore {
  const { db } = cache;
  const s = {
    upsert: db.prepare(
      `INSERT INTO list (list_id, name, description, metadata, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (list_id) DO UPDATE SET name = excluded.name, description = excluded.description,
         metadata = excluded.metadata, created_at = excluded.created_at`,
    ),
    get: db.prepare<[string], ListRow>(`${SELECT} WHERE l.list_id = ?`),
    all: db.prepare<[], ListRow>(`${SELECT} WHERE l.hidden_at IS NULL ORDER BY l.created_at, l.list_id`),
    rename: db.prepare('UPDATE list SET local_name = ? WHERE list_id = ?'),
    hide: db.prepare('UPDATE list SET hidden_at = ? WHERE list_id = ?'),
    exists: db.prepare<[string], number>('SELECT 1 FROM list WHERE list_id = ?').pluck(),
    remove: db.prepare('DELETE FROM list WHERE list_id = ?'),
    add: db.prepare(ADD_ITEM),
    place: db.prepare('UPDATE list_item SET position = ? WHERE list_id = ? AND tender_id = ?'),
    drop: db.prepare('DELETE FROM list_item WHERE list_id = ? AND tender_id = ?'),
    clear: db.prepare('DELETE FROM list_item WHERE list_id = ?'),
    // A file older than migration 0031 (the team suites write old caches with today's stores) has no order of the
    // analyst's: its lists keep the server's, and moving a member is refused.
    orderedAt: cache.schemaVersion >= LIST_ORDER_SCHEMA_VERSION ? db.prepare<[string], string | null>('SELECT ordered_at FROM list WHERE list_id = ?').pluck() : null,
    ordered: cache.schemaVersion >= LIST_ORDER_SCHEMA_VERSION ? db.prepare('UPDATE list SET ordered_at = ? WHERE list_id = ?') : null,
    members: db.prepare<[string], { tender_id: number; added_at: string }>(
      'SELECT tender_id, added_at FROM list_item WHERE list_id = ? ORDER BY position, tender_id',
    ),
    listsOf: db.prepare<[number], string>('SELECT list_id FROM list_item WHERE tender_id = ? ORDER BY list_id').pluck(),
    move: db.prepare(
      `INSERT OR IGNORE INTO list_item (list_id, tender_id, added_at, position)
       SELECT ?, tender_id, added_at, (SELECT coalesce(max(position), 0) FROM list_item WHERE list_id = ?) + position FROM list_item WHERE list_id = ?`,
    ),
  };

  const requireList = (listId: string): void => {
    if (s.exists.get(listId) === undefined) throw new CacheInputError(`List ${listId} is not in the cache; store the list first.`);
  };

  const add = writeTransaction(db, (listId: string, ids: readonly number[], at: string) => {
    requireList(listId);
    let added = 0;
    for (const id of ids) added += s.add.run(listId, id, at, listId).changes;
    return { added, alreadyPresent: ids.length - added };
  });

  const remove = writeTransaction(db, (listId: string, ids: readonly number[]) => {
    requireList(listId);
    let removed = 0;
    for (const id of ids) removed += s.drop.run(listId, id).changes;
    return { removed, notPresent: ids.length - removed };
  });

  /** Whether the analyst set this list's order (never in a file older than migration 0031). */
  const orderedHere = (listId: string): boolean => s.orderedAt !== null && s.orderedAt.get(listId) != null;

  const set = writeTransaction(db, (listId: string, ids: readonly number[], at: string) => {
    requireList(listId);
    const keep = new Set(ids);
    const held = s.members.all(listId).map((m) => m.tender_id);
    for (const id of held) if (!keep.has(id)) s.drop.run(listId, id);
    // The analyst's order: the members known here first, as they stand, then the new ones in the server's order.
    const known = new Set(held);
    const order = orderedHere(listId) ? [...held.filter((id) => keep.has(id)), ...[...keep].filter((id) => !known.has(id))] : keep;
    let position = 0;
    for (const id of order) {
      s.add.run(listId, id, at, listId);
      s.place.run((position += 1), listId, id);
    }
  });

  const moveOne = writeTransaction(db, (listId: string, tenderId: number, place: number, at: string): number | null => {
    requireList(listId);
    if (!s.ordered) throw new CacheInputError('This cache file predates list ordering (migration 0031); open it with the app to upgrade it.');
    const order = s.members.all(listId).map((m) => m.tender_id);
    const from = order.indexOf(tenderId);
    if (from < 0) return null;
    order.splice(from, 1);
    const to = Math.max(0, Math.min(order.length, place - 1));
    order.splice(to, 0, tenderId);
    order.forEach((id, i) => s.place.run(i + 1, listId, id));
    s.ordered.run(at, listId);
    return to + 1;
  });

  const move = writeTransaction(db, (from: string, to: string) => {
    requireList(to);
    s.move.run(to, to, from);
    // An order set on a list made offline stays the analyst's on the server's copy of it.
    const orderedAt = s.orderedAt?.get(from);
    if (orderedAt != null) s.ordered?.run(orderedAt, to);
    s.remove.run(from);
  });

  return {
    moveItems(from, to) {
      if (from !== to) move(from, to);
    },
    upsertList(list) {
      if (!list.listId || !list.name) throw new CacheInputError('A list needs its list_id and name.');
      s.upsert.run(list.listId, list.name, list.description ?? '', JSON.stringify(list.metadata ?? {}), list.createdAt);
    },
    getList(listId) {
      const row = s.get.get(listId);
      return row ? toList(row) : undefined;
    },
    lists() {
      return s.all.all().map(toList);
    },
    removeList(listId) {
      return s.remove.run(listId).changes > 0;
    },
    renameLocally(listId, name) {
      return s.rename.run(name, listId).changes > 0;
    },
    hideList(listId, at) {
      return s.hide.run(at ?? nowIso(), listId).changes > 0;
    },
    setItems(listId, tenderIds, addedAt) {
      checkIds(tenderIds);
      set(listId, tenderIds, addedAt ?? nowIso());
    },
    addItems(listId, tenderIds, addedAt) {
      checkIds(tenderIds);
      return add(listId, [...new Set(tenderIds)], addedAt ?? nowIso());
    },
    removeItems(listId, tenderIds) {
      checkIds(tenderIds);
      return remove(listId, [...new Set(tenderIds)]);
    },
    moveItem(listId, tenderId, place, at) {
      checkIds([tenderId]);
      if (!Number.isSafeInteger(place) || place < 1) throw new CacheInputError(`A place in a list is a positive integer, not ${String(place)}.`);
      return moveOne(listId, tenderId, place, at ?? nowIso());
    },
    items(listId) {
      return s.members.all(listId).map((r) => ({ tenderId: r.tender_id, addedAt: r.added_at }));
    },
    listsOf(tenderId) {
      return s.listsOf.all(tenderId);
    },
  };
}

export const listStore = perCache(createListStore);
