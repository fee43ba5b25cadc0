/**
 * Shared changes in the team database (rules in domain/sharedChanges.ts): a batch of one machine's
 * changes lands in one transaction: the history (`S.shared_change`, ON CONFLICT DO NOTHING: a batch sent again
 * after a crash adds nothing), each field's winner (`S.shared_state`, replaced only by a greater (at, machine_id,
 * local_seq)), and the BI projections of the touched marks and lists (`S.mark` with its status, assignee, triage
 * label «Интересно / Неинтересно» and tags, `S.mark_note`, `S.list`, `S.list_member`), recomputed from shared_state.
 *
 * Two pushes at once never lose a field to a stale read: the projection rows are made if missing and then locked
 * `FOR UPDATE` in key order before they are recomputed, so the second push waits for the first to commit and its
 * recompute (a new statement, a new snapshot under READ COMMITTED) reads both pushes' states. The state rows are
 * upserted in key order too, so two pushes never wait on each other in a cycle.
 */
import type { PoolClient } from 'pg';
import type { SharedChange } from '../domain/sharedChanges';
import type { TeamConnection } from './connection';
import { inSchema } from './schemaName';
import { teamJson, teamText } from './teamText';

const INSERT_CHANGES = `
INSERT INTO S.shared_change (machine_id, local_seq, entity, key, field, value, at, author)
SELECT m, q, e, k, f, v::jsonb, a, w
  FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::text[]) AS u(m, q, e, k, f, v, a, w)
ON CONFLICT (machine_id, local_seq) DO NOTHING`;

const UPSERT_STATE = `
INSERT INTO S.shared_state AS s (entity, key, field, value, at, author, machine_id, local_seq)
SELECT DISTINCT ON (e, k, f) e, k, f, v::jsonb, a, w, m, q
  FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::text[]) AS u(m, q, e, k, f, v, a, w)
 ORDER BY e, k, f, a DESC, m DESC, q DESC
ON CONFLICT (entity, key, field) DO UPDATE
   SET value = excluded.value, at = excluded.at, author = excluded.author, machine_id = excluded.machine_id, local_seq = excluded.local_seq
 WHERE (excluded.at, excluded.machine_id, excluded.local_seq) > (s.at, s.machine_id, s.local_seq)`;

/** Tenders carrying a tag whose name changed (their S.mark.tags show it). */
const TENDERS_OF_TAGS = `
SELECT DISTINCT key::bigint AS id FROM S.shared_state
 WHERE entity = 'mark' AND field = ANY (SELECT 'tag:' || t FROM unnest($1::text[]) AS t) AND value IS NOT NULL`;

const MARK_RECOMPUTE = [
  `INSERT INTO S.mark (tender_id, updated_at) SELECT id, now() FROM unnest($1::bigint[]) AS id ORDER BY id ON CONFLICT (tender_id) DO NOTHING`,
  `SELECT tender_id FROM S.mark WHERE tender_id = ANY ($1::bigint[]) ORDER BY tender_id FOR UPDATE`,
  `UPDATE S.mark m SET
      status = st.value #>> '{}', status_at = st.at, status_by = st.author,
      assignee = sa.value #>> '{}', assignee_at = sa.at, assignee_by = sa.author,
      interest = CASE WHEN jsonb_typeof(si.value) = 'boolean' THEN (si.value #>> '{}')::boolean END,
      interest_at = CASE WHEN jsonb_typeof(si.value) = 'boolean' THEN si.at END,
      interest_by = CASE WHEN jsonb_typeof(si.value) = 'boolean' THEN si.author END,
      tags = coalesce((SELECT array_agg(coalesce(tn.value #>> '{}', t.value ->> 'name') ORDER BY coalesce(tn.value #>> '{}', t.value ->> 'name'))
                         FROM S.shared_state t
                         LEFT JOIN S.shared_state tn ON tn.entity = 'tag' AND tn.key = substr(t.field, 5) AND tn.field = 'name' AND tn.value IS NOT NULL
                        WHERE t.entity = 'mark' AND t.key = m.tender_id::text AND t.field LIKE 'tag:%' AND t.value IS NOT NULL), '{}'),
      updated_at = coalesce((SELECT max(at) FROM S.shared_state x WHERE x.entity = 'mark' AND x.key = m.tender_id::text), m.updated_at)
     FROM unnest($1::bigint[]) AS u(id)
     LEFT JOIN S.shared_state st ON st.entity = 'mark' AND st.key = u.id::text AND st.field = 'status'
     LEFT JOIN S.shared_state sa ON sa.entity = 'mark' AND sa.key = u.id::text AND sa.field = 'assignee'
     LEFT JOIN S.shared_state si ON si.entity = 'mark' AND si.key = u.id::text AND si.field = 'interest'
    WHERE m.tender_id = u.id`,
  `INSERT INTO S.mark_note (note_uid, tender_id, text, at, author)
   SELECT substr(field, 6), key::bigint, value ->> 'text', coalesce((value ->> 'at')::timestamptz, at), author FROM S.shared_state
    WHERE entity = 'mark' AND key = ANY (SELECT id::text FROM unnest($1::bigint[]) AS id) AND field LIKE 'note:%'
      AND value IS NOT NULL AND jsonb_typeof(value -> 'text') = 'string'
    ORDER BY 1
   ON CONFLICT (note_uid) DO UPDATE SET text = excluded.text, at = excluded.at, author = excluded.author`,
  `DELETE FROM S.mark_note n USING S.shared_state s
    WHERE n.tender_id = ANY ($1::bigint[]) AND s.entity = 'mark' AND s.key = n.tender_id::text AND s.field = 'note:' || n.note_uid AND s.value IS NULL`,
  `DELETE FROM S.mark m WHERE m.tender_id = ANY ($1::bigint[]) AND m.status IS NULL AND m.assignee IS NULL AND m.interest IS NULL AND m.tags = '{}'
      AND NOT EXISTS (SELECT 1 FROM S.mark_note n WHERE n.tender_id = m.tender_id)`,
];

const LIST_RECOMPUTE = [
  `INSERT INTO S.list (list_id, updated_at) SELECT id, now() FROM unnest($1::text[]) AS id ORDER BY id ON CONFLICT (list_id) DO NOTHING`,
  `SELECT list_id FROM S.list WHERE list_id = ANY ($1::text[]) ORDER BY list_id FOR UPDATE`,
  `UPDATE S.list l SET
      name = sn.value #>> '{}', description = sd.value #>> '{}', metadata = sm.value,
      hidden = coalesce(sh.value = 'true'::jsonb, false),
      updated_at = coalesce((SELECT max(at) FROM S.shared_state x WHERE x.entity = 'list' AND x.key = l.list_id), l.updated_at)
     FROM unnest($1::text[]) AS u(id)
     LEFT JOIN S.shared_state sn ON sn.entity = 'list' AND sn.key = u.id AND sn.field = 'name'
     LEFT JOIN S.shared_state sd ON sd.entity = 'list' AND sd.key = u.id AND sd.field = 'description'
     LEFT JOIN S.shared_state sm ON sm.entity = 'list' AND sm.key = u.id AND sm.field = 'metadata'
     LEFT JOIN S.shared_state sh ON sh.entity = 'list' AND sh.key = u.id AND sh.field = 'hidden'
    WHERE l.list_id = u.id`,
  `INSERT INTO S.list_member (list_id, tender_id, added_at, added_by)
   SELECT key, substr(field, 8)::bigint, coalesce((value ->> 'added_at')::timestamptz, at), author FROM S.shared_state
    WHERE entity = 'list' AND key = ANY ($1::text[]) AND field ~ '^member:[0-9]{1,18}$' AND value IS NOT NULL
    ORDER BY 1, 2
   ON CONFLICT (list_id, tender_id) DO NOTHING`,
  `DELETE FROM S.list_member lm USING S.shared_state s
    WHERE lm.list_id = ANY ($1::text[]) AND s.entity = 'list' AND s.key = lm.list_id AND s.field = 'member:' || lm.tender_id AND s.value IS NULL`,
];

const columns = (changes: readonly SharedChange[]): unknown[] => [
  changes.map((c) => c.machineId),
  changes.map((c) => String(c.localSeq)),
  changes.map((c) => c.entity),
  // What PostgreSQL cannot hold (a NUL in a note or a tag's name) as the team copy's rule says (teamText.ts).
  changes.map((c) => teamText(c.key)),
  changes.map((c) => teamText(c.field)),
  changes.map((c) => (c.value === null || c.value === undefined ? null : teamJson(JSON.stringify(c.value)))),
  changes.map((c) => c.at),
  changes.map((c) => teamText(c.author)),
];

const tenderKey = (key: string): number | null => (/^[1-9][0-9]{0,17}$/.test(key) ? Number(key) : null);

async function recompute(client: PoolClient, schema: string, statements: readonly string[], keys: unknown[]): Promise<void> {
  if (keys.length === 0) return;
  for (const sql of statements) await client.query(inSchema(schema, sql), [keys]);
}

/** Pushes one batch in one transaction; answers how many of its changes the team database lacked. */
export async function pushSharedChangeBatch(team: TeamConnection, changes: readonly SharedChange[]): Promise<number> {
  if (changes.length === 0) return 0;
  const client = await team.pool.connect();
  try {
    await client.query('BEGIN');
    const params = columns(changes);
    const inserted = await client.query(inSchema(team.schema, INSERT_CHANGES), params);
    await client.query(inSchema(team.schema, UPSERT_STATE), params);
    const tenders = new Set<number>();
    const lists = new Set<string>();
    const tags = new Set<string>();
    for (const c of changes) {
      if (c.entity === 'mark') {
        const id = tenderKey(c.key);
        if (id !== null) tenders.add(id);
      } else if (c.entity === 'list') lists.add(c.key);
      else if (c.field === 'name') tags.add(c.key);
    }
    if (tags.size > 0) {
      const carrying = await client.query<{ id: string }>(inSchema(team.schema, TENDERS_OF_TAGS), [[...tags]]);
      for (const row of carrying.rows) tenders.add(Number(row.id));
    }
    await recompute(client, team.schema, MARK_RECOMPUTE, [...tenders].sort((a, b) => a - b));
    await recompute(client, team.schema, LIST_RECOMPUTE, [...lists].sort());
    await client.query('COMMIT');
    return inserted.rowCount ?? 0;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
