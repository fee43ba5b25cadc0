/**
 * The analyst's marks on tenders: tags, one pipeline status, an assignee and notes. Local-first:
 * kept in the profile's cache (migration 0014), never sent to the API, shown in cards and tables, filterable
 * offline and exported. Pure types and rules, shared by the cache's mark store, the marks workbench
 * (src-main/marks/), the IPC contract, the CLI and the renderer.
 *
 * Rules, used everywhere:
 * - A mark belongs to the tender (its id), not to a version: a new version of the tender keeps its marks.
 *   `marked_version` is the newest version the cache held when the marks last changed; the tender "changed
 *   since marked" when the cache now holds a newer version than that.
 * - Tag names are unique regardless of case («Срочно» and «срочно» are one tag); renaming a tag onto an
 *   existing name is refused (merge is the way to join them). Colours are `#rrggbb`.
 * - The pipeline status is one of PIPELINE_STATUSES or none; the board has a column per status.
 * - The assignee is a free-text name (trimmed, at most 100 characters); an empty one clears it.
 * - Notes are plain text (at most 4000 characters), timestamped in UTC, several per tender, newest first.
 */

export const PIPELINE_STATUSES = ['new', 'reviewing', 'preparing', 'submitted', 'won', 'lost', 'declined'] as const;
export type PipelineStatus = (typeof PIPELINE_STATUSES)[number];

export const isPipelineStatus = (value: string): value is PipelineStatus => (PIPELINE_STATUSES as readonly string[]).includes(value);

export const TAG_NAME_MAX = 60;
export const ASSIGNEE_MAX = 100;
export const NOTE_MAX = 4000;
export const TAG_COLOR = /^#[0-9a-f]{6}$/;

export interface Tag {
  id: number;
  name: string;
  /** `#rrggbb`. */
  color: string;
  /** Tenders carrying it. */
  count: number;
  /** Of those, the tenders the cache holds (a tender may be marked by its id before it is loaded). */
  held?: number;
}

export interface MarkNote {
  id: number;
  text: string;
  /** ISO-8601 UTC instant the note was written. */
  at: string;
}

/** Everything marked on one tender. A tender never marked has no tags, no status, no assignee, no notes. */
export interface TenderMarks {
  tender_id: number;
  tags: Pick<Tag, 'id' | 'name' | 'color'>[];
  status: PipelineStatus | null;
  assignee: string | null;
  /** Newest first. */
  notes: MarkNote[];
  /** The explicit triage label: true «Интересно», false «Неинтересно», null none. */
  interest: boolean | null;
  /** The newest version held when the marks last changed; null when never marked. */
  marked_version: number | null;
  /** ISO instant of the last change of the marks; null when never marked. */
  marked_at: string | null;
  /** The newest version the cache holds now (null when none is held). */
  latest_version: number | null;
  /** `latest_version > marked_version`. */
  changed_since_marked: boolean;
}

/** A filter over marks (every given part must hold; tags: all of them). */
export interface MarkFilter {
  tags?: string[];
  status?: PipelineStatus[];
  assignee?: string;
}

/** One change applied to many tenders at once (from results, a list, a card, the board or the CLI). */
export interface MarkChange {
  tender_ids: number[];
  add_tags?: string[];
  remove_tags?: string[];
  /** null clears the status. */
  status?: PipelineStatus | null;
  /** null or '' clears the assignee. */
  assignee?: string | null;
  /** A note added to each tender. */
  note?: string;
  /** The explicit triage label: true «Интересно», false «Неинтересно», null clears it. */
  interest?: boolean | null;
}

/** The key that makes tag names unique regardless of case (JavaScript's case folding covers Cyrillic; SQLite's NOCASE does not). */
export const tagKey = (name: string): string => name.trim().toLowerCase();

/** Colours a new tag takes in turn (distinct on a white and a dark background); the user may recolour it. */
export const TAG_COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf'] as const;

/** The rule of `TenderMarks.changed_since_marked`: the cache holds a newer version than the one marked. */
export const changedSinceMarked = (markedVersion: number | null, latestVersion: number | null): boolean =>
  markedVersion !== null && latestVersion !== null && latestVersion > markedVersion;

/** A marked tender as the board and the CLI show it: what the cache holds of it (`held` false: only the id is known here) and its marks. */
export interface MarkedTender {
  id: number;
  held: boolean;
  name: string | null;
  customer_name: string | null;
  price: number | null;
  /** The submission deadline as the tender states it. */
  end_date: string | null;
  /** The tender's own status code (active, completed, cancelled), for its name. */
  tender_status: string | null;
  marks: TenderMarks;
}

/** What a table row shows of a tender's marks. */
export interface RowMarks {
  tags: { name: string; color: string }[];
  status: PipelineStatus | null;
  assignee: string | null;
}
