/**
 * A teammate's word is not the API's: a teammate with write access to the team database could forge a
 * tender version (v999, «цена 1 рубль») that became the exported row, and claim 300 ledger ids that kept the real
 * charges out of the local ledger, so the audit reported false repeat charges.
 * - `ledger_row.team_machine`: NULL for a row the API's own ledger gave; the pushing machine's id for a row only
 *   a teammate claims. The API's rows win over a claim of the same id, the mirror reads the API after its own
 *   newest row (not after a claimed one), and the audit, the ledger view and the spend read the API's rows
 *   only. Rows pulled before this migration are found by what they lack: every row this cache took from the
 *   API was logged for the push in `team_outgoing` (migration 0017's trigger, quiet only inside a pull), so a row
 *   with no log entry came from the team; it is marked with '' (the pusher was not recorded then), and the next
 *   ledger mirror reads the API's rows again past the newest one of its own.
 * - `delivery_request.team_evidence`: for a request a pull wrote (`team_machine` set), 1 when the teammate's row
 *   carried the API's delivery evidence (domain/teamRows.ts hasDeliveryEvidence: the request id, and for a feed
 *   page its saved search), else 0; NULL for this machine's own requests. A version first delivered by a request
 *   without it is the team's word only: it never becomes the version shown and exported over one the API
 *   delivered, and the API's own answer of the same version replaces it (cache/deliveryWriter.ts). Requests pulled
 *   before this migration are judged by the same rule here, once.
 * - `team_self.refuse_unproven`: the analyst's setting «не принимать версии без подтверждения доставки» (the app's
 *   team settings, `tenderwb team sync --refuse-unproven`), kept in the profile's cache so that the app and the
 *   CLI pull alike: when 1, a teammate's version or card without delivery evidence is held in the quarantine, not
 *   taken (and taken by a later pull once the setting is off again).
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

export const migration0022: Migration = {
  version: 22,
  name: 'team-trust',
  up(db: Database.Database): void {
    db.exec(`
      ALTER TABLE delivery_request ADD COLUMN team_evidence INTEGER CHECK (team_evidence IN (0, 1));
      UPDATE delivery_request
         SET team_evidence = CASE WHEN trim(coalesce(request_id, '')) <> '' AND (via = 'card' OR trim(coalesce(filter_id, '')) <> '') THEN 1 ELSE 0 END
       WHERE team_machine IS NOT NULL;
      CREATE INDEX delivery_request_team ON delivery_request (request_seq) WHERE team_machine IS NOT NULL;

      ALTER TABLE ledger_row ADD COLUMN team_machine TEXT;
      UPDATE ledger_row SET team_machine = ''
        WHERE id NOT IN (SELECT CAST(key AS INTEGER) FROM team_outgoing WHERE entity = 'ledger_row');
      CREATE INDEX ledger_row_api ON ledger_row (id) WHERE team_machine IS NULL;

      ALTER TABLE team_self ADD COLUMN refuse_unproven INTEGER NOT NULL DEFAULT 0 CHECK (refuse_unproven IN (0, 1));
    `);
  },
};
