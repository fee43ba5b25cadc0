/**
 * The team database's own numbered migrations, in the schema the team chose (`tenderwb` by default).
 * `S` in the texts below stands for that schema's quoted name (teamdb/schemaName.ts checks and quotes it).
 *
 * Rules every table follows, and why:
 * - Unique keys are the identities of what they hold: a version is `(id, version)`, a ledger row its server `id`,
 *   a card page `(kind, id, version, positions_page, positions_limit)`, a shared change `(machine_id, local_seq)`.
 *   Every write is `INSERT ... ON CONFLICT`, so a repeated push, a rerun after kill -9 and two machines pushing
 *   the same rows at once all end with one row each.
 * - `change_xid` (the writing transaction's id, xid8) orders changes for the pull: a pull reads rows whose
 *   `change_xid` is at or past its cursor and below the oldest transaction still running
 *   (`pg_snapshot_xmin(pg_current_snapshot())`), then stores that bound as its next cursor. Every transaction
 *   below the bound has ended, so no row can appear behind a cursor later: a sequence number would not give
 *   that (two pushes commit in another order than they took their numbers). A row rewritten by a later change
 *   (`ON CONFLICT DO UPDATE`) sets `change_xid = pg_current_xact_id()` again.
 * - `machine_id` says who pushed a row first (team_self.machine_id of that data folder): a pull skips its own.
 * - The object's JSON is kept whole (`body jsonb`, unknown fields included); the few columns beside it
 *   (names, INNs, prices, dates) are read from it by the pushing app with the cache's own field readers, for
 *   BI tools and indexes. A column the server did not send is NULL: nothing here requires more than the API
 *   reference guarantees.
 */

export interface TeamMigration {
  readonly version: number;
  readonly name: string;
  /** SQL statements with `S` for the quoted schema name. */
  readonly sql: string;
}

const DELIVERY_COLUMNS = `
  delivered_at  timestamptz NOT NULL,
  via           text NOT NULL CHECK (via IN ('feed', 'card')),
  event         text CHECK (event IN ('created', 'updated')),
  request_id    text,
  filter_id     text,
  billed        boolean NOT NULL,
  machine_id    uuid NOT NULL,
  pushed_at     timestamptz NOT NULL DEFAULT now(),
  change_xid    xid8 NOT NULL DEFAULT pg_current_xact_id()`;

const TABLES = `
CREATE TABLE S.schema_version (
  version      integer PRIMARY KEY,
  name         text NOT NULL,
  app_version  text NOT NULL,
  applied_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE S.team (
  singleton   boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  team_id     uuid NOT NULL DEFAULT gen_random_uuid(),
  created_at  timestamptz NOT NULL DEFAULT now()
);
INSERT INTO S.team DEFAULT VALUES;

CREATE TABLE S.machine (
  machine_id     uuid PRIMARY KEY,
  author         text NOT NULL DEFAULT '',
  app_version    text NOT NULL,
  first_sync_at  timestamptz NOT NULL DEFAULT now(),
  last_sync_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE S.tender_version (
  id             bigint NOT NULL,
  version        integer NOT NULL,
  body           jsonb NOT NULL,
  notice_number  text,
  name           text,
  customer_inn   text,
  customer_name  text,
  price          numeric,
  currency       text,
  law            text,
  status         text,
  region         integer,
  published_at   timestamptz,
  end_at         timestamptz,
  ${DELIVERY_COLUMNS},
  PRIMARY KEY (id, version)
);
CREATE INDEX tender_version_change ON S.tender_version (change_xid);
CREATE INDEX tender_version_customer ON S.tender_version (customer_inn) WHERE customer_inn IS NOT NULL;
CREATE INDEX tender_version_delivered ON S.tender_version (delivered_at);

CREATE TABLE S.contract_version (
  id               bigint NOT NULL,
  version          integer NOT NULL,
  body             jsonb NOT NULL,
  registry_number  text,
  tender_id        bigint,
  customer_inn     text,
  customer_name    text,
  supplier_inns    text[] NOT NULL DEFAULT '{}',
  price            numeric,
  signed_at        timestamptz,
  ${DELIVERY_COLUMNS},
  PRIMARY KEY (id, version)
);
CREATE INDEX contract_version_change ON S.contract_version (change_xid);
CREATE INDEX contract_version_tender ON S.contract_version (tender_id) WHERE tender_id IS NOT NULL;
CREATE INDEX contract_version_customer ON S.contract_version (customer_inn) WHERE customer_inn IS NOT NULL;
CREATE INDEX contract_version_suppliers ON S.contract_version USING gin (supplier_inns);

CREATE TABLE S.card (
  kind             text NOT NULL CHECK (kind IN ('tender', 'contract')),
  id               bigint NOT NULL,
  version          integer NOT NULL,
  positions_page   integer NOT NULL,
  positions_limit  integer NOT NULL,
  body             jsonb NOT NULL,
  delivered_at     timestamptz NOT NULL,
  request_id       text,
  billed           boolean NOT NULL,
  machine_id       uuid NOT NULL,
  pushed_at        timestamptz NOT NULL DEFAULT now(),
  change_xid       xid8 NOT NULL DEFAULT pg_current_xact_id(),
  PRIMARY KEY (kind, id, version, positions_page, positions_limit)
);
CREATE INDEX card_change ON S.card (change_xid);

CREATE TABLE S.ledger_row (
  id            bigint PRIMARY KEY,
  balance_type  text NOT NULL CHECK (balance_type IN ('tenders', 'contracts')),
  amount        integer NOT NULL,
  object_id     bigint NOT NULL,
  version       integer NOT NULL,
  filter_id     text,
  request_id    text,
  created_at    timestamptz,
  machine_id    uuid NOT NULL,
  pushed_at     timestamptz NOT NULL DEFAULT now(),
  change_xid    xid8 NOT NULL DEFAULT pg_current_xact_id()
);
CREATE INDEX ledger_row_change ON S.ledger_row (change_xid);
CREATE INDEX ledger_row_object ON S.ledger_row (object_id, version);

CREATE TABLE S.saved_search (
  filter_id   text PRIMARY KEY,
  label       text,
  params      jsonb NOT NULL,
  events      jsonb NOT NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz,
  machine_id  uuid NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  change_xid  xid8 NOT NULL DEFAULT pg_current_xact_id()
);
CREATE INDEX saved_search_change ON S.saved_search (change_xid);

-- Marks, tags and lists travel as changes, one per field, never as whole rows: the history of everything
-- every machine did (a mark's history shows two concurrent edits both), and the pull's source.
-- entity 'mark': key = tender id; fields status, assignee, tag:<tag key>, note:<note uid> (and interest: migration 3)
-- entity 'tag': key = tag key (the name case-folded); fields name, color
-- entity 'list': key = list id; fields name, description, metadata, hidden, member:<tender id>
-- value: the field's new value as JSON; NULL when the field was cleared or the element removed.
CREATE TABLE S.shared_change (
  machine_id  uuid NOT NULL,
  local_seq   bigint NOT NULL,
  entity      text NOT NULL CHECK (entity IN ('mark', 'tag', 'list')),
  key         text NOT NULL,
  field       text NOT NULL,
  value       jsonb,
  at          timestamptz NOT NULL,
  author      text NOT NULL,
  pushed_at   timestamptz NOT NULL DEFAULT now(),
  change_xid  xid8 NOT NULL DEFAULT pg_current_xact_id(),
  PRIMARY KEY (machine_id, local_seq)
);
CREATE INDEX shared_change_change ON S.shared_change (change_xid);
CREATE INDEX shared_change_subject ON S.shared_change (entity, key, at);

-- The winner of each field: the change with the greatest (at, machine_id, local_seq), the same order every
-- machine applies locally, so all of them end with the same values whatever order changes arrive in.
CREATE TABLE S.shared_state (
  entity      text NOT NULL,
  key         text NOT NULL,
  field       text NOT NULL,
  value       jsonb,
  at          timestamptz NOT NULL,
  author      text NOT NULL,
  machine_id  uuid NOT NULL,
  local_seq   bigint NOT NULL,
  PRIMARY KEY (entity, key, field)
);

-- The marks as a BI tool reads them, kept from shared_state in the same transaction as the changes (teamdb/
-- sharedChanges.ts): one row per tender with its status and assignee (who set them and when) and its tags.
CREATE TABLE S.mark (
  tender_id    bigint PRIMARY KEY,
  status       text,
  status_at    timestamptz,
  status_by    text,
  assignee     text,
  assignee_at  timestamptz,
  assignee_by  text,
  tags         text[] NOT NULL DEFAULT '{}',
  updated_at   timestamptz NOT NULL
);
CREATE INDEX mark_status ON S.mark (status) WHERE status IS NOT NULL;

CREATE TABLE S.mark_note (
  note_uid   text PRIMARY KEY,
  tender_id  bigint NOT NULL,
  text       text NOT NULL,
  at         timestamptz NOT NULL,
  author     text NOT NULL
);
CREATE INDEX mark_note_tender ON S.mark_note (tender_id);

CREATE TABLE S.list (
  list_id      text PRIMARY KEY,
  name         text,
  description  text,
  metadata     jsonb,
  hidden       boolean NOT NULL DEFAULT false,
  updated_at   timestamptz NOT NULL
);

CREATE TABLE S.list_member (
  list_id    text NOT NULL,
  tender_id  bigint NOT NULL,
  added_at   timestamptz NOT NULL,
  added_by   text NOT NULL,
  PRIMARY KEY (list_id, tender_id)
);
CREATE INDEX list_member_tender ON S.list_member (tender_id);
`;

// Migration 2: the views a BI tool reads (docs/team-database.md; test/team/views.test.ts runs its sample
// queries). Views, not tables: they are always as fresh as the last push and cost no write. "Latest" is "no newer version of the same
// id" (NOT EXISTS) rather than DISTINCT ON, so a filter on the view (a customer's INN, a supplier's INN) reaches the
// table's own index before the newest version is picked. Days are Moscow days (the API's and the ledger view's).
const BI_VIEWS = `
CREATE VIEW S.latest_tender AS
SELECT t.id, t.version, t.notice_number, t.name, t.customer_inn, t.customer_name, t.price, t.currency, t.law,
       t.status, t.region, t.published_at, t.end_at, t.delivered_at, t.machine_id, t.body
FROM S.tender_version t
WHERE NOT EXISTS (SELECT 1 FROM S.tender_version n WHERE n.id = t.id AND n.version > t.version);

-- Supplier names come from the body (the card's suppliers[].name); the INNs are the indexed column.
CREATE VIEW S.latest_contract AS
SELECT c.id, c.version, c.registry_number, c.tender_id, c.customer_inn, c.customer_name, c.supplier_inns,
       ARRAY(SELECT s ->> 'name'
             FROM jsonb_array_elements(CASE WHEN jsonb_typeof(c.body -> 'suppliers') = 'array' THEN c.body -> 'suppliers' ELSE '[]'::jsonb END) AS s
             WHERE s ->> 'name' IS NOT NULL) AS supplier_names,
       c.price, c.signed_at, c.delivered_at, c.machine_id, c.body
FROM S.contract_version c
WHERE NOT EXISTS (SELECT 1 FROM S.contract_version n WHERE n.id = c.id AND n.version > c.version);

-- A ledger row's time is not guaranteed by the API: without it, the charge happened when the team first received
-- that version (its delivered_at). day is NULL only when neither is known.
CREATE VIEW S.ledger_charge AS
SELECT l.id, l.balance_type, l.amount, l.object_id, l.version, l.filter_id, l.request_id, l.machine_id,
       coalesce(l.created_at,
                CASE l.balance_type
                  WHEN 'tenders' THEN (SELECT v.delivered_at FROM S.tender_version v WHERE v.id = l.object_id AND v.version = l.version)
                  ELSE (SELECT v.delivered_at FROM S.contract_version v WHERE v.id = l.object_id AND v.version = l.version)
                END) AS charged_at
FROM S.ledger_row l;

CREATE VIEW S.spend_per_day AS
SELECT (charged_at AT TIME ZONE 'Europe/Moscow')::date AS day, balance_type,
       sum(amount)::bigint AS units, count(*)::bigint AS rows
FROM S.ledger_charge
GROUP BY 1, 2;

-- filter_id NULL: charges made outside a saved search (cards opened by hand).
CREATE VIEW S.spend_per_saved_search AS
SELECT l.filter_id, s.label, l.balance_type, sum(l.amount)::bigint AS units, count(*)::bigint AS rows,
       max(l.charged_at) AS last_charged_at
FROM S.ledger_charge l
LEFT JOIN S.saved_search s ON s.filter_id = l.filter_id
GROUP BY l.filter_id, s.label, l.balance_type;
CREATE INDEX ledger_row_filter ON S.ledger_row (filter_id);

CREATE VIEW S.mark_overview AS
SELECT m.tender_id, t.name AS tender_name, t.customer_name, t.end_at, m.status, m.status_by, m.status_at,
       m.assignee, m.assignee_by, m.assignee_at, m.tags,
       n.text AS latest_note, n.author AS latest_note_by, n.at AS latest_note_at, m.updated_at
FROM S.mark m
LEFT JOIN S.latest_tender t ON t.id = m.tender_id
LEFT JOIN LATERAL (SELECT x.text, x.author, x.at FROM S.mark_note x WHERE x.tender_id = m.tender_id ORDER BY x.at DESC, x.note_uid DESC LIMIT 1) n ON true;
CREATE INDEX mark_note_latest ON S.mark_note (tender_id, at DESC);
CREATE INDEX mark_assignee ON S.mark (assignee) WHERE assignee IS NOT NULL;
`;

// Migration 3: the explicit triage label «Интересно / Неинтересно» travels as the mark field `interest` (JSON true,
// false, or NULL when cleared) through shared_change and shared_state, which take any field already; the BI
// projection gains it beside the status (who set it and when), and mark_overview shows it (new columns go last:
// CREATE OR REPLACE VIEW keeps the old ones as they were). A mark row kept alive by the label alone is kept.
const TRIAGE_LABELS = `
ALTER TABLE S.mark ADD COLUMN interest boolean, ADD COLUMN interest_at timestamptz, ADD COLUMN interest_by text;
INSERT INTO S.mark (tender_id, updated_at)
SELECT key::bigint, at FROM S.shared_state
 WHERE entity = 'mark' AND field = 'interest' AND jsonb_typeof(value) = 'boolean' AND key ~ '^[1-9][0-9]{0,17}$'
ON CONFLICT (tender_id) DO NOTHING;
UPDATE S.mark m SET interest = (s.value #>> '{}')::boolean, interest_at = s.at, interest_by = s.author
  FROM S.shared_state s
 WHERE s.entity = 'mark' AND s.field = 'interest' AND s.key = m.tender_id::text AND jsonb_typeof(s.value) = 'boolean';
CREATE INDEX mark_interest ON S.mark (interest) WHERE interest IS NOT NULL;

CREATE OR REPLACE VIEW S.mark_overview AS
SELECT m.tender_id, t.name AS tender_name, t.customer_name, t.end_at, m.status, m.status_by, m.status_at,
       m.assignee, m.assignee_by, m.assignee_at, m.tags,
       n.text AS latest_note, n.author AS latest_note_by, n.at AS latest_note_at, m.updated_at,
       m.interest, m.interest_by, m.interest_at
FROM S.mark m
LEFT JOIN S.latest_tender t ON t.id = m.tender_id
LEFT JOIN LATERAL (SELECT x.text, x.author, x.at FROM S.mark_note x WHERE x.tender_id = m.tender_id ORDER BY x.at DESC, x.note_uid DESC LIMIT 1) n ON true;
`;

/** In order; a team database records each one it ran in `S.schema_version`. */
export const TEAM_MIGRATIONS: readonly TeamMigration[] = [
  { version: 1, name: 'tables', sql: TABLES },
  { version: 2, name: 'bi views', sql: BI_VIEWS },
  { version: 3, name: 'triage labels', sql: TRIAGE_LABELS },
];
