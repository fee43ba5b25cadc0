/**
 * Team sync's local state (migration 0017): this data folder's machine id and author, the cursors per team
 * database, and `asPulled`, the one way to write what a pull brought (the change-log triggers stay quiet inside it).
 */
import { perCache, type CacheDb } from './database';
import { writeTransaction } from './writeRetry';

/** The push cursor: how far each local sequence has been pushed to one team database. */
export interface TeamPushCursor {
  /** delivery_request.request_seq: versions (object_version.first_request_seq) and cards (card.request_seq). */
  requestSeq: number;
  /** team_outgoing.seq: ledger rows and saved searches. */
  outgoingSeq: number;
  /** The local shared-change log's seq (marks, tags, lists; migration 0018). */
  changeSeq: number;
}

export interface TeamLinkState {
  teamId: string;
  schemaName: string;
  push: TeamPushCursor;
  /** The pull's watermark (an xid8 as text); null before the first pull. */
  pullCursor: string | null;
  lastPushAt: string | null;
  lastPullAt: string | null;
}

export interface TeamLinkStore {
  readonly machineId: string;
  author(): string;
  setAuthor(name: string): void;
  /**
   * Whether a pull holds teammates' versions and cards that carry no delivery evidence instead of taking them (the
   * analyst's setting, migration 0022; the app and the CLI read and write it here).
   */
  refuseUnproven(): boolean;
  setRefuseUnproven(on: boolean): void;
  /** The link to this team database, made (with zero cursors) on first use. */
  link(teamId: string, schemaName: string): TeamLinkState;
  /** Moves part of the push cursor (only forward: a stale writer never moves it back). */
  advancePush(teamId: string, cursor: Partial<TeamPushCursor>, at: string): void;
  setPullCursor(teamId: string, cursor: string, at: string): void;
  /** Runs `write` in one transaction in which the change-log triggers do not record (pulled changes are not ours). */
  asPulled<T>(write: () => T): T;
}

function readCursor(text: string): TeamPushCursor {
  const parsed = JSON.parse(text) as Partial<TeamPushCursor>;
  return {
    requestSeq: Number(parsed.requestSeq ?? 0),
    outgoingSeq: Number(parsed.outgoingSeq ?? 0),
    changeSeq: Number(parsed.changeSeq ?? 0),
  };
}

interface LinkRow {
  team_id: string;
  schema_name: string;
  push_cursor: string;
  pull_cursor: string | null;
  last_push_at: string | null;
  last_pull_at: string | null;
}

function createTeamLinkStore(cache: CacheDb): TeamLinkStore {
  const { db } = cache;
  const s = {
    self: db.prepare<[], { machine_id: string; author: string }>('SELECT machine_id, author FROM team_self'),
    setAuthor: db.prepare<[string]>('UPDATE team_self SET author = ?'),
    insertLink: db.prepare<[string, string]>('INSERT INTO team_link (team_id, schema_name) VALUES (?, ?) ON CONFLICT (team_id) DO NOTHING'),
    link: db.prepare<[string], LinkRow>('SELECT * FROM team_link WHERE team_id = ?'),
    setPush: db.prepare<[string, string, string]>('UPDATE team_link SET push_cursor = ?, last_push_at = ? WHERE team_id = ?'),
    setPull: db.prepare<[string, string, string]>('UPDATE team_link SET pull_cursor = ?, last_pull_at = ? WHERE team_id = ?'),
    applying: db.prepare<[number]>('UPDATE team_self SET applying = ?'),
  };
  const machineId = s.self.get()!.machine_id;
  const toState = (row: LinkRow): TeamLinkState => ({
    teamId: row.team_id,
    schemaName: row.schema_name,
    push: readCursor(row.push_cursor),
    pullCursor: row.pull_cursor,
    lastPushAt: row.last_push_at,
    lastPullAt: row.last_pull_at,
  });
  const advance = writeTransaction(db, (teamId: string, cursor: Partial<TeamPushCursor>, at: string) => {
    const row = s.link.get(teamId);
    if (!row) throw new Error(`no team link ${teamId}`);
    const current = readCursor(row.push_cursor);
    const next: TeamPushCursor = {
      requestSeq: Math.max(current.requestSeq, cursor.requestSeq ?? 0),
      outgoingSeq: Math.max(current.outgoingSeq, cursor.outgoingSeq ?? 0),
      changeSeq: Math.max(current.changeSeq, cursor.changeSeq ?? 0),
    };
    s.setPush.run(JSON.stringify(next), at, teamId);
  });
  return {
    machineId,
    author: () => s.self.get()!.author,
    setAuthor: (name) => void s.setAuthor.run(name),
    // Prepared when asked: a file opened at an older migration (the migration tests') has no such column.
    refuseUnproven: () => db.prepare<[], number>('SELECT refuse_unproven FROM team_self').pluck().get() === 1,
    setRefuseUnproven: (on) => void db.prepare<[number]>('UPDATE team_self SET refuse_unproven = ?').run(on ? 1 : 0),
    link(teamId, schemaName) {
      s.insertLink.run(teamId, schemaName);
      return toState(s.link.get(teamId)!);
    },
    advancePush: (teamId, cursor, at) => advance(teamId, cursor, at),
    setPullCursor: (teamId, cursor, at) => void s.setPull.run(cursor, at, teamId),
    asPulled<T>(write: () => T): T {
      return writeTransaction(db, () => {
        s.applying.run(1);
        try {
          return write();
        } finally {
          s.applying.run(0);
        }
      })();
    },
  };
}

export const teamLinkStore = perCache(createTeamLinkStore);
