/**
 * The local history of shared changes (migration 0018; rules in domain/sharedChanges.ts): this
 * machine's own changes (logged by triggers) in push order, pulled changes recorded once and applied when they
 * win their field's clock, and a tender's mark history. Pulled changes are written inside teamLinkStore's
 * `asPulled`, so the triggers do not log them again as this machine's.
 */
import { isPipelineStatus, TAG_COLOR, TAG_COLORS, tagKey } from '../domain/marks';
import { changeInstant, compareChanges, type MarkHistoryEntry, type SharedChange, type SharedEntity } from '../domain/sharedChanges';
import { perCache, type CacheDb } from './database';
import { ADD_ITEM } from './listStore';
import { dropEmpty, hasTriageColumns, TOUCH } from './markStore';
import { teamLinkStore } from './teamLink';

/** What applying pulled changes touched here, for the views to reload (`marks.changed`, lists). */
export interface PulledApplied {
  /** Changes new here (recorded in the history), applied or not. */
  added: number;
  tenderIds: number[];
  listIds: string[];
}

export interface SharedChangeStore {
  /** This machine's changes past `afterSeq`, in order, at most `limit` (`localSeq` is the local seq). */
  ownSince(afterSeq: number, limit: number): SharedChange[];
  /** Records each change not yet here and applies each that wins its field; one transaction. */
  applyPulled(changes: readonly SharedChange[]): PulledApplied;
  /** Every change of this tender's marks, local and pulled, in merge order. */
  markHistory(tenderId: number): MarkHistoryEntry[];
}

/**
 * Hears pulled changes that touched something in any cache (after their transaction committed): the app keeps
 * one listener for its life and checks the cache is its session's, since the session's cache changes with the profile.
 */
const pulledListeners = new Set<(cache: CacheDb, applied: PulledApplied) => void>();
export function onPulledChanges(listener: (cache: CacheDb, applied: PulledApplied) => void): () => void {
  pulledListeners.add(listener);
  return () => void pulledListeners.delete(listener);
}

interface ChangeRow {
  seq: number;
  entity: SharedEntity;
  key: string;
  field: string;
  value: string | null;
  at: string;
  author: string;
  machine_id: string;
  origin_seq: number | null;
}

interface ClockRow {
  value: string | null;
  at: string;
  machine_id: string;
  local_seq: number;
}

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));
const text = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));
const asString = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const asObject = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;


function createSharedChangeStore(cache: CacheDb): SharedChangeStore {
  const { db } = cache;
  const link = teamLinkStore(cache);
  const s = {
    own: db.prepare<[number, number], ChangeRow>('SELECT * FROM shared_change WHERE origin_seq IS NULL AND seq > ? ORDER BY seq LIMIT ?'),
    record: db.prepare<[string, string, string, string | null, string, string, string, number]>(
      `INSERT INTO shared_change (entity, key, field, value, at, author, machine_id, origin_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (machine_id, origin_seq) WHERE origin_seq IS NOT NULL DO NOTHING`,
    ),
    clock: db.prepare<[string, string, string], ClockRow>('SELECT value, at, machine_id, local_seq FROM shared_clock WHERE entity = ? AND key = ? AND field = ?'),
    setClock: db.prepare<[string, string, string, string | null, string, string, number]>(
      `INSERT INTO shared_clock (entity, key, field, value, at, machine_id, local_seq) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (entity, key, field) DO UPDATE SET value = excluded.value, at = excluded.at, machine_id = excluded.machine_id, local_seq = excluded.local_seq`,
    ),
    history: db.prepare<[string], ChangeRow>(
      `SELECT * FROM shared_change WHERE entity = 'mark' AND key = ? ORDER BY at, machine_id, coalesce(origin_seq, seq)`,
    ),
    // Marks (the same tables and rules as cache/markStore.ts).
    ensureMark: db.prepare<[number, number, string]>(
      `INSERT INTO tender_mark (tender_id, marked_version, marked_at) VALUES (?, (SELECT version FROM tender WHERE id = ?), ?)
       ON CONFLICT (tender_id) DO NOTHING`,
    ),
    // A pulled status keeps the time it was decided (the change's), so the triage label orders it.
    setStatus: db.prepare<{ status: string | null; at: string; id: number }>(
      hasTriageColumns(cache)
        ? 'UPDATE tender_mark SET status_at = CASE WHEN status IS @status THEN status_at WHEN @status IS NULL THEN NULL ELSE @at END, status = @status WHERE tender_id = @id'
        : 'UPDATE tender_mark SET status = @status WHERE tender_id = @id',
    ),
    // A pulled «Интересно / Неинтересно» is dated by its change (the label's own time where it was given), so
    // the later of a tender's decisions counts here as it did there.
    setInterest: hasTriageColumns(cache)
      ? db.prepare<{ interest: number | null; at: string; id: number }>(
          'UPDATE tender_mark SET interest_at = CASE WHEN @interest IS NULL THEN NULL ELSE @at END, interest = @interest WHERE tender_id = @id',
        )
      : null,
    setAssignee: db.prepare<[string | null, string | null, number]>('UPDATE tender_mark SET assignee = ?, assignee_key = ? WHERE tender_id = ?'),
    tagId: db.prepare<[string], number>('SELECT id FROM mark_tag WHERE name_key = ?').pluck(),
    tagCount: db.prepare<[], number>('SELECT count(*) FROM mark_tag').pluck(),
    createTag: db.prepare<[string, string, string]>('INSERT INTO mark_tag (name, name_key, color) VALUES (?, ?, ?)'),
    renameTag: db.prepare<[string, number]>('UPDATE mark_tag SET name = ? WHERE id = ?'),
    recolorTag: db.prepare<[string, number]>('UPDATE mark_tag SET color = ? WHERE id = ?'),
    addTag: db.prepare<[number, number]>('INSERT OR IGNORE INTO tender_tag (tender_id, tag_id) VALUES (?, ?)'),
    removeTag: db.prepare<[number, number]>('DELETE FROM tender_tag WHERE tender_id = ? AND tag_id = ?'),
    tendersOfTag: db.prepare<[number], number>('SELECT tender_id FROM tender_tag WHERE tag_id = ? ORDER BY tender_id').pluck(),
    deleteTag: db.prepare<[number]>('DELETE FROM mark_tag WHERE id = ?'),
    addNote: db.prepare<[number, string, string, string]>('INSERT INTO tender_note (tender_id, text, at, uid) VALUES (?, ?, ?, ?) ON CONFLICT (uid) DO NOTHING'),
    noteTender: db.prepare<[string], number>('SELECT tender_id FROM tender_note WHERE uid = ?').pluck(),
    deleteNote: db.prepare<[string]>('DELETE FROM tender_note WHERE uid = ?'),
    touch: db.prepare<{ ids: string; at: string }>(TOUCH),
    dropEmpty: db.prepare<{ ids: string }>(dropEmpty(hasTriageColumns(cache))),
    // Lists (the same tables as cache/listStore.ts).
    listExists: db.prepare<[string], number>('SELECT 1 FROM list WHERE list_id = ?').pluck(),
    createList: db.prepare<[string, string, string]>(`INSERT INTO list (list_id, name, description, metadata, created_at) VALUES (?, ?, '', '{}', ?)`),
    nameList: db.prepare<[string, string, string]>('UPDATE list SET local_name = CASE WHEN name = ? THEN NULL ELSE ? END WHERE list_id = ?'),
    describeList: db.prepare<[string, string]>('UPDATE list SET description = ? WHERE list_id = ?'),
    listMetadata: db.prepare<[string, string]>('UPDATE list SET metadata = ? WHERE list_id = ?'),
    hideList: db.prepare<[string | null, string]>('UPDATE list SET hidden_at = ? WHERE list_id = ?'),
    addMember: db.prepare<[string, number, string, string]>(ADD_ITEM),
    dropMember: db.prepare<[string, number]>('DELETE FROM list_item WHERE list_id = ? AND tender_id = ?'),
  };

  const clockValue = (entity: SharedEntity, key: string, field: string): unknown => {
    const row = s.clock.get(entity, key, field);
    return row ? parse(row.value) : null;
  };

  /** The tag of this key, made when missing (its name and colour from their clocks when those arrived first). */
  const tagOf = (key: string, fallback: { name?: unknown; color?: unknown }): number => {
    const found = s.tagId.get(key);
    if (found !== undefined) return found;
    const name = asString(clockValue('tag', key, 'name')) ?? asString(fallback.name) ?? key;
    const clockColor = asString(clockValue('tag', key, 'color'));
    const color = [clockColor, asString(fallback.color)].find((c): c is string => c !== null && TAG_COLOR.test(c)) ?? TAG_COLORS[s.tagCount.get()! % TAG_COLORS.length]!;
    return Number(s.createTag.run(tagKey(name) === key ? name : key, key, color).lastInsertRowid);
  };

  const ensureList = (listId: string, at: string): void => {
    if (s.listExists.get(listId) !== undefined) return;
    s.createList.run(listId, asString(clockValue('list', listId, 'name')) ?? listId, at);
  };

  /** Applies a winning mark change; answers the tenders whose marks it touched. */
  const applyMark = (change: SharedChange): number[] => {
    const tenderId = Number(change.key);
    if (!Number.isSafeInteger(tenderId) || tenderId <= 0) return [];
    const { field, value, at } = change;
    const ensure = (): void => void s.ensureMark.run(tenderId, tenderId, at);
    if (field === 'status') {
      const status = asString(value);
      if (status !== null && !isPipelineStatus(status)) return [];
      ensure();
      s.setStatus.run({ status, at, id: tenderId });
    } else if (field === 'interest') {
      // A file without the label's column (an older cache) keeps the change in its history only.
      if (s.setInterest === null || (value !== null && typeof value !== 'boolean')) return [];
      ensure();
      s.setInterest.run({ interest: value === null ? null : value ? 1 : 0, at, id: tenderId });
    } else if (field === 'assignee') {
      const assignee = asString(value)?.trim() || null;
      ensure();
      s.setAssignee.run(assignee, assignee === null ? null : tagKey(assignee), tenderId);
    } else if (field.startsWith('tag:')) {
      const key = field.slice(4);
      const tag = asObject(value);
      if (tag) {
        ensure();
        s.addTag.run(tenderId, tagOf(key, tag));
      } else {
        const tagId = s.tagId.get(key);
        if (tagId === undefined) return [];
        s.removeTag.run(tenderId, tagId);
      }
    } else if (field.startsWith('note:')) {
      const uid = field.slice(5);
      const note = asObject(value);
      if (note) {
        if (typeof note.text !== 'string') return [];
        ensure();
        s.addNote.run(tenderId, note.text, asString(note.at) ?? at, uid);
      } else if (s.noteTender.get(uid) === undefined) {
        return [];
      } else {
        s.deleteNote.run(uid);
      }
    } else {
      return [];
    }
    const ids = JSON.stringify([tenderId]);
    s.touch.run({ ids, at });
    s.dropEmpty.run({ ids });
    return [tenderId];
  };

  /**
   * Applies a winning tag change. A deleted tag stays on the tenders whose own `tag:<key>` field was set after
   * the deletion (a teammate tagged them later), so the outcome does not depend on the order changes arrive in.
   */
  const applyTag = (change: SharedChange): number[] => {
    const key = change.key;
    const tagId = s.tagId.get(key);
    if (change.field === 'color') {
      const color = asString(change.value);
      if (tagId === undefined || color === null || !TAG_COLOR.test(color)) return [];
      s.recolorTag.run(color, tagId);
      return s.tendersOfTag.all(tagId);
    }
    if (change.field !== 'name') return [];
    const name = asString(change.value);
    if (name !== null) {
      if (tagKey(name) !== key) return [];
      if (tagId === undefined) tagOf(key, { name });
      else s.renameTag.run(name.trim(), tagId);
      return tagId === undefined ? [] : s.tendersOfTag.all(tagId);
    }
    if (tagId === undefined) return [];
    const touched: number[] = [];
    for (const tenderId of s.tendersOfTag.all(tagId)) {
      const own = s.clock.get('mark', String(tenderId), `tag:${key}`);
      if (own && own.value !== null && compareChanges({ at: own.at, machineId: own.machine_id, localSeq: own.local_seq }, change) > 0) continue;
      s.removeTag.run(tenderId, tagId);
      touched.push(tenderId);
    }
    if (s.tendersOfTag.all(tagId).length === 0) s.deleteTag.run(tagId);
    const ids = JSON.stringify(touched);
    s.touch.run({ ids, at: change.at });
    s.dropEmpty.run({ ids });
    return touched;
  };

  /** Applies a winning list change; answers whether it changed the list here. */
  const applyList = (change: SharedChange): boolean => {
    const { key: listId, field, value, at } = change;
    if (field.startsWith('member:')) {
      const tenderId = Number(field.slice(7));
      if (!Number.isSafeInteger(tenderId) || tenderId <= 0) return false;
      const member = asObject(value);
      if (member === null) return s.dropMember.run(listId, tenderId).changes > 0;
      ensureList(listId, at);
      return s.addMember.run(listId, tenderId, asString(member.added_at) ?? at, listId).changes > 0;
    }
    if (field === 'name') {
      const name = asString(value);
      if (name === null || name.trim() === '') return false;
      ensureList(listId, at);
      s.nameList.run(name, name, listId);
    } else if (field === 'description') {
      ensureList(listId, at);
      s.describeList.run(asString(value) ?? '', listId);
    } else if (field === 'metadata') {
      ensureList(listId, at);
      s.listMetadata.run(JSON.stringify(asObject(value) ?? {}), listId);
    } else if (field === 'hidden') {
      ensureList(listId, at);
      s.hideList.run(value === true ? at : null, listId);
    } else {
      return false;
    }
    return true;
  };

  const apply = (changes: readonly SharedChange[]): PulledApplied => {
    const tenderIds = new Set<number>();
    const listIds = new Set<string>();
    let added = 0;
    const ordered = changes
      .filter((c) => c.machineId !== link.machineId)
      .map((c) => ({ ...c, at: changeInstant(c.at) }))
      .sort(compareChanges);
    for (const change of ordered) {
      const valueText = text(change.value);
      const recorded = s.record.run(change.entity, change.key, change.field, valueText, change.at, change.author, change.machineId, change.localSeq);
      if (recorded.changes === 0) continue;
      added += 1;
      const clock = s.clock.get(change.entity, change.key, change.field);
      if (clock && compareChanges(change, { at: clock.at, machineId: clock.machine_id, localSeq: clock.local_seq }) <= 0) continue;
      s.setClock.run(change.entity, change.key, change.field, valueText, change.at, change.machineId, change.localSeq);
      if (change.entity === 'mark') for (const id of applyMark(change)) tenderIds.add(id);
      else if (change.entity === 'tag') for (const id of applyTag(change)) tenderIds.add(id);
      else if (applyList(change)) listIds.add(change.key);
    }
    return { added, tenderIds: [...tenderIds].sort((a, b) => a - b), listIds: [...listIds].sort() };
  };

  return {
    ownSince: (afterSeq, limit) =>
      s.own.all(afterSeq, limit).map((r) => ({
        machineId: r.machine_id,
        localSeq: r.seq,
        entity: r.entity,
        key: r.key,
        field: r.field,
        value: parse(r.value),
        at: r.at,
        author: r.author,
      })),
    applyPulled(changes) {
      const applied = link.asPulled(() => apply(changes));
      if (applied.tenderIds.length > 0 || applied.listIds.length > 0) for (const listener of pulledListeners) listener(cache, applied);
      return applied;
    },
    markHistory(tenderId) {
      const subjects = new Map<string, string>();
      return s.history.all(String(tenderId)).map((r) => {
        const value = parse(r.value);
        const own = asObject(value);
        const named = own === null ? null : asString(r.field.startsWith('tag:') ? own.name : own.text);
        if (named !== null) subjects.set(r.field, named);
        const subject = r.field.startsWith('tag:') ? (subjects.get(r.field) ?? r.field.slice(4)) : (subjects.get(r.field) ?? null);
        return { field: r.field, value, at: r.at, author: r.author, machine_id: r.machine_id, pulled: r.origin_seq !== null, subject };
      });
    },
  };
}

export const sharedChangeStore = perCache(createSharedChangeStore);
