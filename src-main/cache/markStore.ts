/**
 * The analyst's marks on tenders (migration 0014; shapes and rules in domain/marks.ts): tags, a
 * pipeline status, an assignee and notes per tender id. Every change is one transaction, so nothing is ever
 * half-applied; each answers which tenders it changed, for the `marks.changed` event.
 *
 * A tender's `marked_version` and `marked_at` move only when its own marks change (apply, a merge that gives
 * it the surviving tag, a tag or note deleted from it), not when a tag is renamed or recoloured. A tender left
 * with nothing marked loses its row, so "marked" always means "carries something".
 */
import { changedSinceMarked, TAG_COLORS, tagKey, type MarkChange, type MarkFilter, type PipelineStatus, type Tag, type TenderMarks } from '../domain/marks';
import { perCache, type CacheDb } from './database';
import { TRIAGE_SCHEMA_VERSION } from './migrations/0027-triage-labels';
import { nowIso } from './types';
import { writeTransaction } from './writeRetry';

export type TagRename = 'renamed' | 'exists' | 'not_found';

export interface MarkStore {
  /** The marks of each of these tenders (every id is answered; one never marked has none). */
  marksFor(ids: readonly number[]): Map<number, TenderMarks>;
  /** Marked tenders the filter holds for, the most recently marked first. */
  markedIds(filter: MarkFilter): number[];
  /** Every tag, by name, with how many tenders carry it. */
  tags(): Tag[];
  /** Assignee names in use, by name (one spelling per name regardless of case). */
  assignees(): string[];
  /** Applies one change to its tenders; answers those whose marks it changed. */
  apply(change: MarkChange, at?: string): number[];
  renameTag(tagId: number, name: string): { result: TagRename; tenderIds: number[] };
  recolorTag(tagId: number, color: string): number[] | null;
  /** Moves every tender of the `from` tags to `into` and deletes the `from` tags; null when `into` does not exist. */
  mergeTags(from: readonly number[], into: number, at?: string): number[] | null;
  /** Deletes a tag from every tender; null when there is no such tag. */
  deleteTag(tagId: number, at?: string): number[] | null;
  /** The tender the note was on; null when there is no such note. */
  deleteNote(noteId: number, at?: string): number | null;
}

interface MarkRow {
  id: number;
  status: PipelineStatus | null;
  interest: 0 | 1 | null;
  assignee: string | null;
  marked_version: number | null;
  marked_at: string | null;
  latest: number | null;
}

const IDS = 'SELECT value FROM json_each(@ids)';
/**
 * Drops the rows of these tenders that carry nothing any more (also after a pull: sharedChangeStore.ts); an
 * explicit triage label (migration 0027) is something, in a file that has it.
 */
export const dropEmpty = (triage: boolean): string => `DELETE FROM tender_mark WHERE tender_id IN (${IDS}) AND status IS NULL AND assignee IS NULL${triage ? ' AND interest IS NULL' : ''}
  AND NOT EXISTS (SELECT 1 FROM tender_tag WHERE tender_id = tender_mark.tender_id)
  AND NOT EXISTS (SELECT 1 FROM tender_note WHERE tender_id = tender_mark.tender_id)`;
/** Records that these tenders' marks changed now, against the version held now. */
export const TOUCH = `UPDATE tender_mark SET marked_version = (SELECT version FROM tender WHERE id = tender_mark.tender_id), marked_at = @at
  WHERE tender_id IN (${IDS})`;

/** The file has migration 0027's columns (interest, status_at): every file this app opens does, once migrated. */
export const hasTriageColumns = (cache: CacheDb): boolean => cache.schemaVersion >= TRIAGE_SCHEMA_VERSION;

function createMarkStore(cache: CacheDb): MarkStore {
  const { db } = cache;
  const triage = hasTriageColumns(cache);
  const s = {
    rows: db.prepare<{ ids: string }, MarkRow>(
      `SELECT j.value AS id, m.status, ${triage ? 'm.interest' : 'NULL AS interest'}, m.assignee, m.marked_version, m.marked_at, t.version AS latest
         FROM json_each(@ids) j LEFT JOIN tender_mark m ON m.tender_id = j.value LEFT JOIN tender t ON t.id = j.value`,
    ),
    tagsOf: db.prepare<{ ids: string }, { tender_id: number; id: number; name: string; color: string }>(
      `SELECT tt.tender_id, g.id, g.name, g.color FROM tender_tag tt JOIN mark_tag g ON g.id = tt.tag_id
        WHERE tt.tender_id IN (${IDS}) ORDER BY g.name_key`,
    ),
    notesOf: db.prepare<{ ids: string }, { tender_id: number; id: number; text: string; at: string }>(
      `SELECT tender_id, id, text, at FROM tender_note WHERE tender_id IN (${IDS}) ORDER BY id DESC`,
    ),
    marked: db.prepare<{ status: string | null; assignee: string | null; tags: string; tagCount: number }, number>(
      `SELECT m.tender_id FROM tender_mark m
        WHERE (@status IS NULL OR m.status IN (SELECT value FROM json_each(@status)))
          AND (@assignee IS NULL OR m.assignee_key = @assignee)
          AND (@tagCount = 0 OR @tagCount = (SELECT count(*) FROM tender_tag tt JOIN mark_tag g ON g.id = tt.tag_id
                 WHERE tt.tender_id = m.tender_id AND g.name_key IN (SELECT value FROM json_each(@tags))))
        ORDER BY m.marked_at DESC, m.tender_id DESC`,
    ).pluck(),
    tags: db.prepare<[], Tag>(
      `SELECT g.id, g.name, g.color, count(tt.tender_id) AS count, count(t.id) AS held
         FROM mark_tag g LEFT JOIN tender_tag tt ON tt.tag_id = g.id LEFT JOIN tender t ON t.id = tt.tender_id
        GROUP BY g.id ORDER BY g.name_key`,
    ),
    assignees: db.prepare<[], string>('SELECT min(assignee) FROM tender_mark WHERE assignee_key IS NOT NULL GROUP BY assignee_key ORDER BY assignee_key').pluck(),
    signatures: db.prepare<{ ids: string }, { id: number; sig: string }>(
      `SELECT m.tender_id AS id, json_array(m.status, m.assignee, ${triage ? 'm.interest' : 'NULL'},
              (SELECT group_concat(tag_id) FROM (SELECT tag_id FROM tender_tag WHERE tender_id = m.tender_id ORDER BY tag_id)),
              (SELECT max(id) FROM tender_note WHERE tender_id = m.tender_id)) AS sig
         FROM tender_mark m WHERE m.tender_id IN (${IDS})`,
    ),
    ensureRows: db.prepare<{ ids: string; at: string }>(
      `INSERT INTO tender_mark (tender_id, marked_version, marked_at)
         SELECT value, (SELECT version FROM tender WHERE id = value), @at FROM json_each(@ids) WHERE true
       ON CONFLICT (tender_id) DO NOTHING`,
    ),
    // The status keeps its own time (a triage label's, domain/triageLabels.ts): it moves only when the status does.
    setStatus: triage
      ? db.prepare<{ ids: string; status: string | null; at: string }>(
          `UPDATE tender_mark SET status_at = CASE WHEN status IS @status THEN status_at WHEN @status IS NULL THEN NULL ELSE @at END, status = @status
            WHERE tender_id IN (${IDS})`,
        )
      : db.prepare<{ ids: string; status: string | null; at: string }>(`UPDATE tender_mark SET status = @status WHERE tender_id IN (${IDS})`),
    setInterest: triage
      ? db.prepare<{ ids: string; interest: number | null; at: string }>(
          `UPDATE tender_mark SET interest_at = CASE WHEN interest IS @interest THEN interest_at WHEN @interest IS NULL THEN NULL ELSE @at END, interest = @interest
            WHERE tender_id IN (${IDS})`,
        )
      : null,
    setAssignee: db.prepare<{ ids: string; assignee: string | null; key: string | null }>(
      `UPDATE tender_mark SET assignee = @assignee, assignee_key = @key WHERE tender_id IN (${IDS})`,
    ),
    tagId: db.prepare<[string], number>('SELECT id FROM mark_tag WHERE name_key = ?').pluck(),
    tagCount: db.prepare<[], number>('SELECT count(*) FROM mark_tag').pluck(),
    createTag: db.prepare<[string, string, string]>('INSERT INTO mark_tag (name, name_key, color) VALUES (?, ?, ?)'),
    addTag: db.prepare<{ ids: string; tagId: number }>(`INSERT OR IGNORE INTO tender_tag (tender_id, tag_id) SELECT value, @tagId FROM json_each(@ids)`),
    removeTag: db.prepare<{ ids: string; tagId: number }>(`DELETE FROM tender_tag WHERE tag_id = @tagId AND tender_id IN (${IDS})`),
    addNote: db.prepare<{ ids: string; text: string; at: string }>(`INSERT INTO tender_note (tender_id, text, at) SELECT value, @text, @at FROM json_each(@ids)`),
    touch: db.prepare<{ ids: string; at: string }>(TOUCH),
    dropEmpty: db.prepare<{ ids: string }>(dropEmpty(triage)),
    tagExists: db.prepare<[number], number>('SELECT id FROM mark_tag WHERE id = ?').pluck(),
    tendersOfTags: db.prepare<{ tags: string }, number>('SELECT DISTINCT tender_id FROM tender_tag WHERE tag_id IN (SELECT value FROM json_each(@tags)) ORDER BY tender_id').pluck(),
    renameTag: db.prepare<[string, string, number]>('UPDATE mark_tag SET name = ?, name_key = ? WHERE id = ?'),
    recolorTag: db.prepare<[string, number]>('UPDATE mark_tag SET color = ? WHERE id = ?'),
    moveTags: db.prepare<{ tags: string; into: number }>(
      'INSERT OR IGNORE INTO tender_tag (tender_id, tag_id) SELECT tender_id, @into FROM tender_tag WHERE tag_id IN (SELECT value FROM json_each(@tags))',
    ),
    deleteTags: db.prepare<{ tags: string }>('DELETE FROM mark_tag WHERE id IN (SELECT value FROM json_each(@tags))'),
    noteTender: db.prepare<[number], number>('SELECT tender_id FROM tender_note WHERE id = ?').pluck(),
    deleteNote: db.prepare<[number]>('DELETE FROM tender_note WHERE id = ?'),
  };

  const signatures = (ids: string): Map<number, string> => new Map(s.signatures.all({ ids }).map((r) => [r.id, r.sig]));

  /** The tag of this name, made (with the next colour in turn) when there is none. */
  const tagNamed = (name: string): number => {
    const key = tagKey(name);
    const found = s.tagId.get(key);
    if (found !== undefined) return found;
    const color = TAG_COLORS[s.tagCount.get()! % TAG_COLORS.length]!;
    return Number(s.createTag.run(name.trim(), key, color).lastInsertRowid);
  };

  /** Marks these tenders as changed now and drops the ones left with nothing. */
  const settle = (changed: readonly number[], at: string): void => {
    const ids = JSON.stringify(changed);
    s.touch.run({ ids, at });
    s.dropEmpty.run({ ids });
  };

  const apply = writeTransaction(db, (change: MarkChange, at: string): number[] => {
    const tenderIds = [...new Set(change.tender_ids)];
    const ids = JSON.stringify(tenderIds);
    const before = signatures(ids);
    s.ensureRows.run({ ids, at });
    if (change.status !== undefined) s.setStatus.run({ ids, status: change.status, at });
    if (change.interest !== undefined) s.setInterest?.run({ ids, interest: change.interest === null ? null : change.interest ? 1 : 0, at });
    if (change.assignee !== undefined) {
      const assignee = change.assignee === null || change.assignee.trim() === '' ? null : change.assignee.trim();
      s.setAssignee.run({ ids, assignee, key: assignee === null ? null : tagKey(assignee) });
    }
    for (const name of change.add_tags ?? []) s.addTag.run({ ids, tagId: tagNamed(name) });
    for (const name of change.remove_tags ?? []) {
      const tagId = s.tagId.get(tagKey(name));
      if (tagId !== undefined) s.removeTag.run({ ids, tagId });
    }
    if (change.note !== undefined) s.addNote.run({ ids, text: change.note, at });
    const after = signatures(ids);
    const changed = tenderIds.filter((id) => before.get(id) !== after.get(id) && !(before.get(id) === undefined && isEmptySignature(after.get(id))));
    s.touch.run({ ids: JSON.stringify(changed), at });
    s.dropEmpty.run({ ids });
    return changed;
  });

  const renameTag = writeTransaction(db, (tagId: number, name: string): { result: TagRename; tenderIds: number[] } => {
    if (s.tagExists.get(tagId) === undefined) return { result: 'not_found', tenderIds: [] };
    const key = tagKey(name);
    const other = s.tagId.get(key);
    if (other !== undefined && other !== tagId) return { result: 'exists', tenderIds: [] };
    s.renameTag.run(name.trim(), key, tagId);
    return { result: 'renamed', tenderIds: s.tendersOfTags.all({ tags: JSON.stringify([tagId]) }) };
  });

  const recolorTag = writeTransaction(db, (tagId: number, color: string): number[] | null => {
    if (s.recolorTag.run(color, tagId).changes === 0) return null;
    return s.tendersOfTags.all({ tags: JSON.stringify([tagId]) });
  });

  const mergeTags = writeTransaction(db, (from: readonly number[], into: number, at: string): number[] | null => {
    if (s.tagExists.get(into) === undefined) return null;
    const tags = JSON.stringify([...new Set(from)].filter((id) => id !== into));
    const moved = s.tendersOfTags.all({ tags });
    s.moveTags.run({ tags, into });
    s.deleteTags.run({ tags });
    settle(moved, at);
    return moved;
  });

  const deleteTag = writeTransaction(db, (tagId: number, at: string): number[] | null => {
    if (s.tagExists.get(tagId) === undefined) return null;
    const tags = JSON.stringify([tagId]);
    const carried = s.tendersOfTags.all({ tags });
    s.deleteTags.run({ tags });
    settle(carried, at);
    return carried;
  });

  const deleteNote = writeTransaction(db, (noteId: number, at: string): number | null => {
    const tenderId = s.noteTender.get(noteId);
    if (tenderId === undefined) return null;
    s.deleteNote.run(noteId);
    settle([tenderId], at);
    return tenderId;
  });

  return {
    marksFor(ids) {
      const json = JSON.stringify([...new Set(ids)]);
      const out = new Map<number, TenderMarks>();
      for (const r of s.rows.all({ ids: json })) {
        out.set(r.id, {
          tender_id: r.id,
          tags: [],
          status: r.status,
          assignee: r.assignee,
          notes: [],
          interest: r.interest === null ? null : r.interest === 1,
          marked_version: r.marked_version,
          marked_at: r.marked_at,
          latest_version: r.latest,
          changed_since_marked: changedSinceMarked(r.marked_version, r.latest),
        });
      }
      for (const t of s.tagsOf.all({ ids: json })) out.get(t.tender_id)?.tags.push({ id: t.id, name: t.name, color: t.color });
      for (const n of s.notesOf.all({ ids: json })) out.get(n.tender_id)?.notes.push({ id: n.id, text: n.text, at: n.at });
      return out;
    },
    markedIds(filter) {
      const tags = [...new Set((filter.tags ?? []).map(tagKey))];
      return s.marked.all({
        status: filter.status && filter.status.length > 0 ? JSON.stringify(filter.status) : null,
        assignee: filter.assignee !== undefined && filter.assignee.trim() !== '' ? tagKey(filter.assignee) : null,
        tags: JSON.stringify(tags),
        tagCount: tags.length,
      });
    },
    tags: () => s.tags.all(),
    assignees: () => s.assignees.all(),
    apply: (change, at = nowIso()) => apply(change, at),
    renameTag: (tagId, name) => renameTag(tagId, name),
    recolorTag: (tagId, color) => recolorTag(tagId, color),
    mergeTags: (from, into, at = nowIso()) => mergeTags(from, into, at),
    deleteTag: (tagId, at = nowIso()) => deleteTag(tagId, at),
    deleteNote: (noteId, at = nowIso()) => deleteNote(noteId, at),
  };
}

/** A row made by this change that carries nothing (e.g. only a tag removed from an unmarked tender). */
const isEmptySignature = (sig: string | undefined): boolean => sig === undefined || sig === '[null,null,null,null,null]';

export const markStore = perCache(createMarkStore);

/** The marks of these tenders, every id answered (tables, exports, cards). */
export const tenderMarksFor = (cache: CacheDb, ids: readonly number[]): Map<number, TenderMarks> => markStore(cache).marksFor(ids);
/** Marked tenders a filter holds for, most recently marked first (calendar scope, the `marks` CLI, the board). */
export const markedTenderIds = (cache: CacheDb, filter: MarkFilter): number[] => markStore(cache).markedIds(filter);
export const listTags = (cache: CacheDb): Tag[] => markStore(cache).tags();
