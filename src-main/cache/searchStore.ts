/**
 * Saved searches: a filter the user keeps (its `filter_id`, the parameters that made it, an optional unique
 * label, the streams it reads), when it was last looked at and what arrived since, and the subscription's
 * expiry as the API last reported it.
 *
 * "New" and "updated" since last seen count the items of the filter's pages that the filter had not
 * delivered before (a repeat after a cursor rebuild does not count again), by event.
 */
import { perCache, type CacheDb } from './database';
import { CacheInputError } from './errors';
import { nowIso, type DeliveryEvent } from './types';
import { writeTransaction } from './writeRetry';

export interface SavedSearchInput {
  filterId: string;
  params: unknown;
  /** undefined keeps the current label on update; null removes it. */
  label?: string | null;
  events: readonly DeliveryEvent[];
  createdAt?: string;
  expiresAt?: string | null;
}

export interface SavedSearch {
  filterId: string;
  params: unknown;
  label: string | null;
  events: DeliveryEvent[];
  createdAt: string;
  lastSeenAt: string | null;
  expiresAt: string | null;
  /** Items of event created / updated delivered for this filter since it was last seen. */
  newSinceSeen: number;
  updatedSinceSeen: number;
}

export interface SearchStore {
  upsert(input: SavedSearchInput): SavedSearch;
  get(filterId: string): SavedSearch | undefined;
  getByLabel(label: string): SavedSearch | undefined;
  list(): SavedSearch[];
  remove(filterId: string): boolean;
  /** The user looked at the results now: the counts start again from zero. */
  markSeen(filterId: string, at?: string): void;
  setExpiresAt(filterId: string, expiresAt: string | null): void;
}

interface Row {
  filter_id: string;
  params: string;
  label: string | null;
  events: string;
  created_at: string;
  last_seen_at: string | null;
  expires_at: string | null;
  created_since: number;
  updated_since: number;
}

const SELECT = `SELECT s.filter_id, s.params, s.label, s.events, s.created_at, s.last_seen_at, s.expires_at,
  coalesce((SELECT sum(created) FROM delivery_request r WHERE r.filter_id = s.filter_id AND r.request_seq > s.last_seen_request_seq), 0) AS created_since,
  coalesce((SELECT sum(updated) FROM delivery_request r WHERE r.filter_id = s.filter_id AND r.request_seq > s.last_seen_request_seq), 0) AS updated_since
  FROM saved_search s`;

const EVENTS: readonly DeliveryEvent[] = ['created', 'updated'];

const toSearch = (r: Row): SavedSearch => ({
  filterId: r.filter_id,
  params: JSON.parse(r.params) as unknown,
  label: r.label,
  events: JSON.parse(r.events) as DeliveryEvent[],
  createdAt: r.created_at,
  lastSeenAt: r.last_seen_at,
  expiresAt: r.expires_at,
  newSinceSeen: r.created_since,
  updatedSinceSeen: r.updated_since,
});

function createSearchStore(cache: CacheDb): SearchStore {
  const { db } = cache;
  const s = {
    get: db.prepare<[string], Row>(`${SELECT} WHERE s.filter_id = ?`),
    byLabel: db.prepare<[string], Row>(`${SELECT} WHERE s.label = ?`),
    list: db.prepare<[], Row>(`${SELECT} ORDER BY s.created_at, s.filter_id`),
    labelOwner: db.prepare<[string], string>('SELECT filter_id FROM saved_search WHERE label = ?').pluck(),
    insert: db.prepare(
      `INSERT INTO saved_search (filter_id, params, label, events, created_at, expires_at)
       VALUES (@filterId, @params, @label, @events, @createdAt, @expiresAt)`,
    ),
    update: db.prepare(
      `UPDATE saved_search SET params = @params, label = @label, events = @events,
       expires_at = coalesce(@expiresAt, expires_at) WHERE filter_id = @filterId`,
    ),
    currentLabel: db.prepare<[string], string | null>('SELECT label FROM saved_search WHERE filter_id = ?').pluck(),
    remove: db.prepare('DELETE FROM saved_search WHERE filter_id = ?'),
    seen: db.prepare(
      `UPDATE saved_search SET last_seen_at = ?,
       last_seen_request_seq = coalesce((SELECT max(request_seq) FROM delivery_request), 0) WHERE filter_id = ?`,
    ),
    expires: db.prepare('UPDATE saved_search SET expires_at = ? WHERE filter_id = ?'),
  };

  const upsert = writeTransaction(db, (input: SavedSearchInput): void => {
    const events = EVENTS.filter((e) => input.events.includes(e));
    if (events.length === 0 || events.length !== new Set(input.events).size) {
      throw new CacheInputError('A saved search reads created, updated or both.');
    }
    const label = input.label === undefined ? undefined : input.label === null ? null : input.label.trim();
    if (label === '') throw new CacheInputError({ ru: 'Название не может быть пустым: оставьте поле пустым, чтобы поиск был без названия.', en: 'A label cannot be empty; leave it out instead.' });
    if (label) {
      const owner = s.labelOwner.get(label);
      if (owner !== undefined && owner !== input.filterId) {
        throw new CacheInputError({ ru: `Название «${label}» уже занято другим сохранённым поиском: выберите другое.`, en: `The label «${label}» is already used by another saved search.` });
      }
    }
    const params = JSON.stringify(input.params ?? {});
    const exists = s.currentLabel.get(input.filterId); // undefined: no such saved search; null: no label
    const row = {
      filterId: input.filterId,
      params,
      events: JSON.stringify(events),
      expiresAt: input.expiresAt ?? null,
    };
    if (exists === undefined) {
      s.insert.run({ ...row, label: label ?? null, createdAt: input.createdAt ?? nowIso() });
    } else {
      s.update.run({ ...row, label: label === undefined ? exists ?? null : label });
    }
  });

  return {
    upsert(input) {
      if (!input.filterId) throw new CacheInputError('A saved search needs its filter_id.');
      upsert(input);
      return toSearch(s.get.get(input.filterId)!);
    },
    get(filterId) {
      const row = s.get.get(filterId);
      return row ? toSearch(row) : undefined;
    },
    getByLabel(label) {
      const row = s.byLabel.get(label.trim());
      return row ? toSearch(row) : undefined;
    },
    list() {
      return s.list.all().map(toSearch);
    },
    remove(filterId) {
      return s.remove.run(filterId).changes > 0;
    },
    markSeen(filterId, at) {
      s.seen.run(at ?? nowIso(), filterId);
    },
    setExpiresAt(filterId, expiresAt) {
      s.expires.run(expiresAt, filterId);
    },
  };
}

export const searchStore = perCache(createSearchStore);
