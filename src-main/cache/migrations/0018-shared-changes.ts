/**
 * Marks, tags and lists shared with the team: the local history of per-field changes and the winner
 * of each field (rules in cache/sharedChangeStore.ts and team/sharedChanges.ts).
 * - `shared_change`: every change, this machine's (`origin_seq` NULL: its `seq` is its own sequence, pushed in
 *   that order) and pulled ones (`machine_id`, `origin_seq` = the pusher's; unique, so a change pulled twice is
 *   kept once). entity/key/field as in the team schema: 'mark' (tender id; status, assignee, tag:<tag key>,
 *   note:<note uid>), 'tag' (tag key; name, color), 'list' (list id; name, description, metadata, hidden,
 *   member:<tender id>); `value` JSON text, NULL when cleared or removed.
 * - `shared_clock`: per field the winning change (greatest (at, machine_id, local_seq)) and its value. A local
 *   change always wins here: its `at` is moved just past the field's clock when the clock is ahead (a pulled
 *   change stamped by a faster clock), so every machine orders it after what this one had seen.
 * - `tender_note.uid`: a note's identity across machines (`<machine id>:<local id>`, pulled notes keep theirs).
 *
 * Capture is by triggers, not by logging in the stores: every writer (the mark store, tag admin, the list
 * mirror, the outbox's moveItems) is covered, in the same statement's transaction, with no second path to
 * forget. Each is `WHEN applying = 0`, so a pull's writes (teamLinkStore.asPulled) are not logged as ours. Two
 * cases need care, and the triggers say how they meet them:
 * - Deleting a tag cascades to `tender_tag`, and a cascaded child trigger no longer sees the tag's row (so it
 *   cannot name the tag): a BEFORE DELETE trigger on `mark_tag` logs the tag and each tender losing it.
 * - Renaming a tag changes its key: it is logged as the old key removed and the new one added (on the tag and
 *   on each tender carrying it); a rename that changes only letter case keeps the key and logs the name.
 * Existing marks and lists become initial changes here, so the first team sync shares them.
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
const QUIET = 'WHEN (SELECT applying FROM team_self) = 0';

/** `INSERT INTO shared_change ... SELECT` of one change; `from` may add a FROM/WHERE producing several. */
const log = (entity: string, key: string, field: string, value: string, from = ''): string =>
  `INSERT INTO shared_change (entity, key, field, value, at, author, machine_id)
     SELECT '${entity}', ${key}, ${field}, ${value}, ${NOW}, (SELECT author FROM team_self), (SELECT machine_id FROM team_self) ${from};`;

/** JSON text of a nullable SQL text, NULL staying NULL. */
const quoted = (expr: string): string => `CASE WHEN ${expr} IS NULL THEN NULL ELSE json_quote(${expr}) END`;
const tagValue = (g: string): string => `json_object('name', ${g}.name, 'color', ${g}.color)`;

const TABLES = `
ALTER TABLE tender_note ADD COLUMN uid TEXT;
UPDATE tender_note SET uid = (SELECT machine_id FROM team_self) || ':' || id;
CREATE UNIQUE INDEX tender_note_uid ON tender_note (uid);

CREATE TABLE shared_change (
  seq         INTEGER PRIMARY KEY,
  entity      TEXT NOT NULL CHECK (entity IN ('mark', 'tag', 'list')),
  key         TEXT NOT NULL,
  field       TEXT NOT NULL,
  value       TEXT,
  at          TEXT NOT NULL,
  author      TEXT NOT NULL,
  machine_id  TEXT NOT NULL,
  origin_seq  INTEGER
);
CREATE UNIQUE INDEX shared_change_origin ON shared_change (machine_id, origin_seq) WHERE origin_seq IS NOT NULL;
CREATE INDEX shared_change_subject ON shared_change (entity, key);
CREATE INDEX shared_change_own ON shared_change (seq) WHERE origin_seq IS NULL;

CREATE TABLE shared_clock (
  entity      TEXT NOT NULL,
  key         TEXT NOT NULL,
  field       TEXT NOT NULL,
  value       TEXT,
  at          TEXT NOT NULL,
  machine_id  TEXT NOT NULL,
  local_seq   INTEGER NOT NULL,
  PRIMARY KEY (entity, key, field)
) WITHOUT ROWID;

CREATE TRIGGER shared_change_own AFTER INSERT ON shared_change WHEN NEW.origin_seq IS NULL BEGIN
  UPDATE shared_change SET at = (SELECT strftime('%Y-%m-%dT%H:%M:%fZ', c.at, '+0.001 seconds') FROM shared_clock c
      WHERE c.entity = NEW.entity AND c.key = NEW.key AND c.field = NEW.field)
    WHERE seq = NEW.seq AND EXISTS (SELECT 1 FROM shared_clock c
      WHERE c.entity = NEW.entity AND c.key = NEW.key AND c.field = NEW.field AND c.at >= NEW.at);
  INSERT INTO shared_clock (entity, key, field, value, at, machine_id, local_seq)
    SELECT entity, key, field, value, at, machine_id, seq FROM shared_change WHERE seq = NEW.seq
    ON CONFLICT (entity, key, field) DO UPDATE SET value = excluded.value, at = excluded.at,
      machine_id = excluded.machine_id, local_seq = excluded.local_seq;
END;
`;

const MARK_TRIGGERS = `
CREATE TRIGGER shared_mark_new AFTER INSERT ON tender_mark ${QUIET} BEGIN
  ${log('mark', 'NEW.tender_id', "'status'", quoted('NEW.status'), 'WHERE NEW.status IS NOT NULL')}
  ${log('mark', 'NEW.tender_id', "'assignee'", quoted('NEW.assignee'), 'WHERE NEW.assignee IS NOT NULL')}
END;
CREATE TRIGGER shared_mark_status AFTER UPDATE OF status ON tender_mark ${QUIET} AND OLD.status IS NOT NEW.status BEGIN
  ${log('mark', 'NEW.tender_id', "'status'", quoted('NEW.status'))}
END;
CREATE TRIGGER shared_mark_assignee AFTER UPDATE OF assignee ON tender_mark ${QUIET} AND OLD.assignee IS NOT NEW.assignee BEGIN
  ${log('mark', 'NEW.tender_id', "'assignee'", quoted('NEW.assignee'))}
END;

CREATE TRIGGER shared_tender_tag_add AFTER INSERT ON tender_tag ${QUIET} BEGIN
  ${log('mark', 'NEW.tender_id', "'tag:' || g.name_key", tagValue('g'), 'FROM mark_tag g WHERE g.id = NEW.tag_id')}
END;
-- A tag's own deletion cascades here after its row is gone: this logs nothing then (shared_tag_delete does).
CREATE TRIGGER shared_tender_tag_remove AFTER DELETE ON tender_tag ${QUIET} BEGIN
  ${log('mark', 'OLD.tender_id', "'tag:' || g.name_key", 'NULL', 'FROM mark_tag g WHERE g.id = OLD.tag_id')}
END;

CREATE TRIGGER shared_tender_note_uid AFTER INSERT ON tender_note WHEN NEW.uid IS NULL BEGIN
  UPDATE tender_note SET uid = (SELECT machine_id FROM team_self) || ':' || NEW.id WHERE id = NEW.id;
END;
CREATE TRIGGER shared_tender_note_add AFTER INSERT ON tender_note ${QUIET} BEGIN
  ${log('mark', 'NEW.tender_id', "'note:' || coalesce(NEW.uid, (SELECT machine_id FROM team_self) || ':' || NEW.id)", "json_object('text', NEW.text, 'at', NEW.at)")}
END;
CREATE TRIGGER shared_tender_note_remove AFTER DELETE ON tender_note ${QUIET} BEGIN
  ${log('mark', 'OLD.tender_id', "'note:' || OLD.uid", 'NULL')}
END;

CREATE TRIGGER shared_tag_new AFTER INSERT ON mark_tag ${QUIET} BEGIN
  ${log('tag', 'NEW.name_key', "'name'", quoted('NEW.name'))}
  ${log('tag', 'NEW.name_key', "'color'", quoted('NEW.color'))}
END;
CREATE TRIGGER shared_tag_color AFTER UPDATE OF color ON mark_tag ${QUIET} AND OLD.color IS NOT NEW.color BEGIN
  ${log('tag', 'NEW.name_key', "'color'", quoted('NEW.color'))}
END;
CREATE TRIGGER shared_tag_case AFTER UPDATE OF name ON mark_tag ${QUIET} AND OLD.name_key = NEW.name_key AND OLD.name IS NOT NEW.name BEGIN
  ${log('tag', 'NEW.name_key', "'name'", quoted('NEW.name'))}
END;
CREATE TRIGGER shared_tag_rekey AFTER UPDATE OF name_key ON mark_tag ${QUIET} AND OLD.name_key <> NEW.name_key BEGIN
  ${log('tag', 'OLD.name_key', "'name'", 'NULL')}
  ${log('tag', 'NEW.name_key', "'name'", quoted('NEW.name'))}
  ${log('tag', 'NEW.name_key', "'color'", quoted('NEW.color'))}
  ${log('mark', 'tt.tender_id', "'tag:' || OLD.name_key", 'NULL', 'FROM tender_tag tt WHERE tt.tag_id = NEW.id')}
  ${log('mark', 'tt.tender_id', "'tag:' || NEW.name_key", tagValue('NEW'), 'FROM tender_tag tt WHERE tt.tag_id = NEW.id')}
END;
CREATE TRIGGER shared_tag_delete BEFORE DELETE ON mark_tag ${QUIET} BEGIN
  ${log('mark', 'tt.tender_id', "'tag:' || OLD.name_key", 'NULL', 'FROM tender_tag tt WHERE tt.tag_id = OLD.id')}
  ${log('tag', 'OLD.name_key', "'name'", 'NULL')}
END;
`;

/** The list's name as shown (the one given here, else the server's). */
const LIST_NAME = (row: string): string => `coalesce(${row}.local_name, ${row}.name)`;

const LIST_TRIGGERS = `
CREATE TRIGGER shared_list_new AFTER INSERT ON list ${QUIET} BEGIN
  ${log('list', 'NEW.list_id', "'name'", `json_quote(${LIST_NAME('NEW')})`)}
  ${log('list', 'NEW.list_id', "'description'", 'json_quote(NEW.description)', "WHERE NEW.description <> ''")}
  ${log('list', 'NEW.list_id', "'metadata'", 'json(NEW.metadata)', "WHERE NEW.metadata <> '{}'")}
  ${log('list', 'NEW.list_id', "'hidden'", 'json(\'true\')', 'WHERE NEW.hidden_at IS NOT NULL')}
END;
CREATE TRIGGER shared_list_name AFTER UPDATE OF name, local_name ON list ${QUIET} AND ${LIST_NAME('OLD')} IS NOT ${LIST_NAME('NEW')} BEGIN
  ${log('list', 'NEW.list_id', "'name'", `json_quote(${LIST_NAME('NEW')})`)}
END;
CREATE TRIGGER shared_list_description AFTER UPDATE OF description ON list ${QUIET} AND OLD.description IS NOT NEW.description BEGIN
  ${log('list', 'NEW.list_id', "'description'", 'json_quote(NEW.description)')}
END;
CREATE TRIGGER shared_list_metadata AFTER UPDATE OF metadata ON list ${QUIET} AND json(OLD.metadata) IS NOT json(NEW.metadata) BEGIN
  ${log('list', 'NEW.list_id', "'metadata'", 'json(NEW.metadata)')}
END;
CREATE TRIGGER shared_list_hidden AFTER UPDATE OF hidden_at ON list ${QUIET} AND (OLD.hidden_at IS NULL) <> (NEW.hidden_at IS NULL) BEGIN
  ${log('list', 'NEW.list_id', "'hidden'", "CASE WHEN NEW.hidden_at IS NULL THEN json('false') ELSE json('true') END")}
END;
-- A list forgotten here (the outbox moved a local list's members to the server's copy): hidden for the team;
-- its members' removals are logged by the cascade to list_item (the list's row is not needed for their key).
CREATE TRIGGER shared_list_delete AFTER DELETE ON list ${QUIET} BEGIN
  ${log('list', 'OLD.list_id', "'hidden'", "json('true')")}
END;
CREATE TRIGGER shared_list_member_add AFTER INSERT ON list_item ${QUIET} BEGIN
  ${log('list', 'NEW.list_id', "'member:' || NEW.tender_id", "json_object('added_at', NEW.added_at)")}
END;
CREATE TRIGGER shared_list_member_remove AFTER DELETE ON list_item ${QUIET} BEGIN
  ${log('list', 'OLD.list_id', "'member:' || OLD.tender_id", 'NULL')}
END;
`;

/** What was marked and listed before: one change per field, stamped with when it was made where that is known. */
const initial = (entity: string, key: string, field: string, value: string, at: string, from: string): string =>
  `INSERT INTO shared_change (entity, key, field, value, at, author, machine_id)
     SELECT '${entity}', ${key}, ${field}, ${value}, coalesce(strftime('%Y-%m-%dT%H:%M:%fZ', ${at}), ${NOW}),
            (SELECT author FROM team_self), (SELECT machine_id FROM team_self) ${from};`;

const INITIAL = `
${initial('tag', 'g.name_key', "'name'", 'json_quote(g.name)', NOW, 'FROM mark_tag g ORDER BY g.id')}
${initial('tag', 'g.name_key', "'color'", 'json_quote(g.color)', NOW, 'FROM mark_tag g ORDER BY g.id')}
${initial('mark', 'm.tender_id', "'status'", 'json_quote(m.status)', 'm.marked_at', 'FROM tender_mark m WHERE m.status IS NOT NULL ORDER BY m.tender_id')}
${initial('mark', 'm.tender_id', "'assignee'", 'json_quote(m.assignee)', 'm.marked_at', 'FROM tender_mark m WHERE m.assignee IS NOT NULL ORDER BY m.tender_id')}
${initial('mark', 'tt.tender_id', "'tag:' || g.name_key", tagValue('g'), 'm.marked_at', 'FROM tender_tag tt JOIN mark_tag g ON g.id = tt.tag_id JOIN tender_mark m ON m.tender_id = tt.tender_id ORDER BY tt.tender_id, g.id')}
${initial('mark', 'n.tender_id', "'note:' || n.uid", "json_object('text', n.text, 'at', n.at)", 'n.at', 'FROM tender_note n ORDER BY n.id')}
${initial('list', 'l.list_id', "'name'", `json_quote(${LIST_NAME('l')})`, 'l.created_at', 'FROM list l ORDER BY l.created_at, l.list_id')}
${initial('list', 'l.list_id', "'description'", 'json_quote(l.description)', 'l.created_at', "FROM list l WHERE l.description <> '' ORDER BY l.created_at, l.list_id")}
${initial('list', 'l.list_id', "'metadata'", 'json(l.metadata)', 'l.created_at', "FROM list l WHERE l.metadata <> '{}' ORDER BY l.created_at, l.list_id")}
${initial('list', 'l.list_id', "'hidden'", "json('true')", 'l.hidden_at', 'FROM list l WHERE l.hidden_at IS NOT NULL ORDER BY l.created_at, l.list_id')}
${initial('list', 'i.list_id', "'member:' || i.tender_id", "json_object('added_at', i.added_at)", 'i.added_at', 'FROM list_item i ORDER BY i.list_id, i.position, i.tender_id')}
`;

export const migration0018: Migration = {
  version: 18,
  name: 'shared-changes',
  up(db: Database.Database): void {
    db.exec(TABLES);
    db.exec(INITIAL);
    db.exec(MARK_TRIGGERS);
    db.exec(LIST_TRIGGERS);
  },
};
