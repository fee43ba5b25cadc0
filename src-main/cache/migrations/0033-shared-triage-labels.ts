/**
 * The explicit «Интересно / Неинтересно» label travels through the team database as the other marks do (rules
 * in cache/sharedChangeStore.ts and domain/sharedChanges.ts): a mark field `interest`, value JSON `true`
 * («Интересно»), `false` («Неинтересно») or NULL (cleared).
 * - Logged by triggers on `tender_mark.interest`, quiet inside a pull (`team_self.applying`), as migration 0018's
 *   are, so every writer of the label is covered in its own transaction.
 * - The change is stamped with the label's own time (`interest_at`), not the moment the trigger ran, so a
 *   teammate's cache dates the label as it was decided and a later decision counts as the later one there too
 *   (domain/triageLabels.ts). A cleared label has no time of its own: it takes now. The change-log trigger of
 *   0018 still moves a stamp that is not past the field's clock just past it, so the local change wins here.
 * - Labels given before this migration become initial changes, dated by their `interest_at`, so the next team
 *   sync shares them.
 * Whether a teammate's label trains this analyst's model is the analyst's setting (`triage.teammates`), read
 * where the labels are (cache/triageStore.ts: the field's winning change names the machine it came from).
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
const QUIET = 'WHEN (SELECT applying FROM team_self) = 0';

/** The label as the change's JSON text: 1 → true, 0 → false, NULL → NULL. */
const VALUE = (row: string): string => `CASE ${row}.interest WHEN 1 THEN 'true' WHEN 0 THEN 'false' END`;
/** The label's own time in the one form changes compare by; none (cleared, or unreadable) → now. */
const AT = (row: string): string => `coalesce(CASE WHEN ${row}.interest IS NOT NULL THEN strftime('%Y-%m-%dT%H:%M:%fZ', ${row}.interest_at) END, ${NOW})`;

const LOG = `INSERT INTO shared_change (entity, key, field, value, at, author, machine_id)
  SELECT 'mark', NEW.tender_id, 'interest', ${VALUE('NEW')}, ${AT('NEW')}, (SELECT author FROM team_self), (SELECT machine_id FROM team_self);`;

export const migration0033: Migration = {
  version: 33,
  name: 'shared-triage-labels',
  up(db: Database.Database): void {
    db.exec(`
      INSERT INTO shared_change (entity, key, field, value, at, author, machine_id)
        SELECT 'mark', m.tender_id, 'interest', ${VALUE('m')}, ${AT('m')}, (SELECT author FROM team_self), (SELECT machine_id FROM team_self)
          FROM tender_mark m WHERE m.interest IS NOT NULL ORDER BY m.interest_at, m.tender_id;

      CREATE TRIGGER shared_mark_interest_new AFTER INSERT ON tender_mark ${QUIET} AND NEW.interest IS NOT NULL BEGIN
        ${LOG}
      END;
      CREATE TRIGGER shared_mark_interest AFTER UPDATE OF interest ON tender_mark ${QUIET} AND OLD.interest IS NOT NEW.interest BEGIN
        ${LOG}
      END;
    `);
  },
};
