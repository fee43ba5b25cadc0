/**
 * Local mirror of the user's lists (POST/GET /lists, /lists/{id}/items): what the server last said, plus the
 * changes the app made, so lists read offline. The server stays the authority; `setItems` replaces a list's
 * members with what the server returned.
 */
import { perCache, type CacheDb } from './database';
import { CacheInputError } from './errors';
import { nowIso } from './types';

export interface ListInput {
  listId: string;
  name: string;
  description?: string;
  metadata?: Record<string, unknown>;
  createdAt: string;
}

export interface CachedList {
  listId: string;
  name: string;
  description: string;
  metadata: Record<string, unknown>;
  createdAt: string;
  itemsCount: number;
}

export interface ListMember {
  tenderId: number;
  addedAt: string;
}

export interface ListStore {
  upsertList(list: ListInput): void;
  getList(listId: string): CachedList | undefined;
  lists(): CachedList[];
  removeList(listId: string): boolean;
  /** Makes the members exactly `tenderIds` (those already present keep their added_at). */
  setItems(listId: string, tenderIds: readonly number[], addedAt?: string): void;
  addItems(listId: string, tenderIds: readonly number[], addedAt?: string): { added: number; alreadyPresent: number };
  removeItems(listId: string, tenderIds: readonly number[]): { removed: number; notPresent: number };
  items(listId: string): ListMember[];
  /** The lists holding a tender. */
  listsOf(tenderId: number): string[];
  /** Moves the members of list `from` to list `to` (which must exist) and forgets `from`. */
  moveItems(from: string, to: string): void;
}

interface ListRow {
  list_id: string;
  name: string;
  description: string;
  metadata: string;
  created_at: string;
  items_count: number;
}

const toList = (r: ListRow): CachedList => ({
  listId: r.list_id,
  name: r.name,
  description: r.description,
  metadata: JSON.parse(r.metadata) as Record<string, unknown>,
  createdAt: r.created_at,
  itemsCount: r.items_count,
});

const SELECT = `SELECT l.*, (SELECT count(*) FROM list_item i WHERE i.list_id = l.list_id) AS items_count FROM list l`;

function checkIds(ids: readonly number[]): void {
  for (const id of ids) if (!Number.isSafeInteger(id) || id <= 0) throw new CacheInputError(`Tender id ${String(id)} is not a positive integer.`);
}

function createListStore(cache: CacheDb): ListStore {
  const { db } = cache;
  const s = {
    upsert: db.prepare(
      `INSERT INTO list (list_id, name, description, metadata, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (list_id) DO UPDATE SET name = excluded.name, description = excluded.description,
         metadata = excluded.metadata, created_at = excluded.created_at`,
    ),
    get: db.prepare<[string], ListRow>(`${SELECT} WHERE l.list_id = ?`),
    all: db.prepare<[], ListRow>(`${SELECT} ORDER BY l.created_at, l.list_id`),
    exists: db.prepare<[string], number>('SELECT 1 FROM list WHERE list_id = ?').pluck(),
    remove: db.prepare('DELETE FROM list WHERE list_id = ?'),
    add: db.prepare('INSERT INTO list_item (list_id, tender_id, added_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING'),
    drop: db.prepare('DELETE FROM list_item WHERE list_id = ? AND tender_id = ?'),
    clear: db.prepare('DELETE FROM list_item WHERE list_id = ?'),
    members: db.prepare<[string], { tender_id: number; added_at: string }>(
      'SELECT tender_id, added_at FROM list_item WHERE list_id = ? ORDER BY tender_id',
    ),
    listsOf: db.prepare<[number], string>('SELECT list_id FROM list_item WHERE tender_id = ? ORDER BY list_id').pluck(),
    move: db.prepare('INSERT OR IGNORE INTO list_item (list_id, tender_id, added_at) SELECT ?, tender_id, added_at FROM list_item WHERE list_id = ?'),
  };

  const requireList = (listId: string): void => {
    if (s.exists.get(listId) === undefined) throw new CacheInputError(`List ${listId} is not in the cache; store the list first.`);
  };

  const add = db.transaction((listId: string, ids: readonly number[], at: string) => {
    requireList(listId);
    let added = 0;
    for (const id of ids) added += s.add.run(listId, id, at).changes;
    return { added, alreadyPresent: ids.length - added };
  });

  const remove = db.transaction((listId: string, ids: readonly number[]) => {
    requireList(listId);
    let removed = 0;
    for (const id of ids) removed += s.drop.run(listId, id).changes;
    return { removed, notPresent: ids.length - removed };
  });

  const set = db.transaction((listId: string, ids: readonly number[], at: string) => {
    requireList(listId);
    const keep = new Set(ids);
    for (const m of s.members.all(listId)) if (!keep.has(m.tender_id)) s.drop.run(listId, m.tender_id);
    for (const id of keep) s.add.run(listId, id, at);
  });

  const move = db.transaction((from: string, to: string) => {
    requireList(to);
    s.move.run(to, from);
    s.remove.run(from);
  });

  return {
    moveItems(from, to) {
      if (from !== to) move.immediate(from, to);
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
    setItems(listId, tenderIds, addedAt) {
      checkIds(tenderIds);
      set.immediate(listId, tenderIds, addedAt ?? nowIso());
    },
    addItems(listId, tenderIds, addedAt) {
      checkIds(tenderIds);
      return add.immediate(listId, [...new Set(tenderIds)], addedAt ?? nowIso());
    },
    removeItems(listId, tenderIds) {
      checkIds(tenderIds);
      return remove.immediate(listId, [...new Set(tenderIds)]);
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
