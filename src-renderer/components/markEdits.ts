/**
 * The marks editor's rules, pure (tested in test/renderer/marksEdits.test.ts): what several selected tenders
 * have in common (a tag on all of them, on some, or on none; one status or mixed; one assignee or mixed), and
 * the one MarkChange that turns that into what the user chose — only what they changed, so a mixed status or
 * assignee left alone stays mixed, and a tag on some rows left alone is neither added nor removed.
 */
import type { MarkChange, PipelineStatus, TenderMarks } from '../../src-main/domain/marks';

/** A tag across the selected tenders. */
export type TagPresence = 'all' | 'some' | 'none';

/** `'mixed'`: the selected tenders differ (the editor keeps them as they are unless the user picks one). */
export const MIXED = 'mixed' as const;
export type Mixed = typeof MIXED;

export interface MarksDraft {
  /** Tag name → its presence; a key compared regardless of case, the name as first seen. */
  tags: { name: string; color: string | null; presence: TagPresence }[];
  status: PipelineStatus | null | Mixed;
  /** '' for none. */
  assignee: string | Mixed;
  note: string;
}

const sameName = (a: string, b: string): boolean => a.toLocaleLowerCase('ru') === b.toLocaleLowerCase('ru');

/** What the tenders have in common; `count` is how many are being edited (a tender with no marks yet counts). */
export function commonMarks(marks: readonly Pick<TenderMarks, 'tags' | 'status' | 'assignee'>[], count: number = marks.length): MarksDraft {
  const tags: MarksDraft['tags'] = [];
  const carriers = new Map<string, number>();
  for (const m of marks) {
    for (const t of m.tags) {
      const key = t.name.toLocaleLowerCase('ru');
      if (!carriers.has(key)) tags.push({ name: t.name, color: t.color, presence: 'none' });
      carriers.set(key, (carriers.get(key) ?? 0) + 1);
    }
  }
  for (const t of tags) t.presence = (carriers.get(t.name.toLocaleLowerCase('ru')) ?? 0) >= count ? 'all' : 'some';
  // Tenders without marks (absent from `marks`) have no status and no assignee.
  const statuses = new Set<PipelineStatus | null>(marks.map((m) => m.status));
  const assignees = new Set<string>(marks.map((m) => m.assignee ?? ''));
  if (marks.length < count) {
    statuses.add(null);
    assignees.add('');
  }
  return {
    tags,
    status: statuses.size === 1 ? [...statuses][0]! : statuses.size === 0 ? null : MIXED,
    assignee: assignees.size === 1 ? [...assignees][0]! : assignees.size === 0 ? '' : MIXED,
    note: '',
  };
}

/** Adds a tag typed by the user to all the tenders (an existing tag of another case is that tag). */
export function withTag(draft: MarksDraft, name: string, color: string | null = null): MarksDraft {
  const trimmed = name.trim();
  if (trimmed === '') return draft;
  const existing = draft.tags.find((t) => sameName(t.name, trimmed));
  if (existing) return { ...draft, tags: draft.tags.map((t) => (t === existing ? { ...t, presence: 'all' } : t)) };
  return { ...draft, tags: [...draft.tags, { name: trimmed, color, presence: 'all' }] };
}

/** Cycles a tag: on some → on all → on none → on all (a tag on some rows can be put on all or taken off all). */
export function toggledTag(draft: MarksDraft, name: string): MarksDraft {
  return {
    ...draft,
    tags: draft.tags.map((t) => (sameName(t.name, name) ? { ...t, presence: t.presence === 'all' ? 'none' : 'all' } : t)),
  };
}

/**
 * The change from `initial` to `draft` for these tenders, or null when nothing changed. The note is added to
 * each tender when it is not blank.
 */
export function markChangeOf(ids: readonly number[], initial: MarksDraft, draft: MarksDraft): MarkChange | null {
  const was = (name: string): TagPresence => initial.tags.find((t) => sameName(t.name, name))?.presence ?? 'none';
  const add = draft.tags.filter((t) => t.presence === 'all' && was(t.name) !== 'all').map((t) => t.name);
  const remove = draft.tags.filter((t) => t.presence === 'none' && was(t.name) !== 'none').map((t) => t.name);
  const change: MarkChange = { tender_ids: [...ids] };
  if (add.length) change.add_tags = add;
  if (remove.length) change.remove_tags = remove;
  if (draft.status !== MIXED && draft.status !== initial.status) change.status = draft.status;
  if (draft.assignee !== MIXED && draft.assignee.trim() !== (initial.assignee === MIXED ? null : initial.assignee)) change.assignee = draft.assignee.trim() === '' ? null : draft.assignee.trim();
  const note = draft.note.trim();
  if (note !== '') change.note = note;
  return Object.keys(change).length > 1 ? change : null;
}

/** Black or white text, whichever reads better on a tag's `#rrggbb` colour (WCAG relative luminance). */
export function textOn(color: string): '#000' | '#fff' {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!m) return '#000';
  const [r, g, b] = m.slice(1).map((h) => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  // Contrast against white (1.05 / (L + 0.05)) beats contrast against black ((L + 0.05) / 0.05) below ~0.179.
  return luminance > 0.179 ? '#000' : '#fff';
}
