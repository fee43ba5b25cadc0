/**
 * What triage reads and keeps in the cache (migration 0027): the decisions the marks hold, the
 * held tenders' latest versions and cards, and the one stored model with the key of the labels it was
 * trained on. The model row is only a cache of the marks: the triage workbench retrains it when it is missing,
 * unreadable or trained on other labels.
 */
import type { DecisionRow } from '../domain/triageLabels';
import { cardStore } from './cardStore';
import { perCache, type CacheDb } from './database';
import { storedJson } from './storedJson';
import { versionStore } from './versionStore';
import { writeTransaction } from './writeRetry';

export type LabelRow = DecisionRow;

export interface StoredModel {
  labels_key: string;
  body: string;
  trained_at: string;
}

/** A held tender as triage reads it. */
export interface HeldTender {
  id: number;
  version: number;
  /** The latest delivered version, parsed. */
  object: unknown;
  /** The latest card received, parsed; null when none is held (or its bytes are from a newer app). */
  card: unknown;
}

/** The stored features of a tender and where they came from (null when none are stored). */
export interface FeatureRow {
  id: number;
  version: number;
  /** The newest card's request, null when no card is held: a card opened later adds position names. */
  card_seq: number | null;
  source: string | null;
  body: string | null;
}

export interface TriageStore {
  /** Every tender whose marks carry a status or an explicit label. */
  decisions(): LabelRow[];
  /** The held tenders that carry no status and no explicit label (tags and notes do not make a decision), newest first. */
  undecidedHeldIds(): number[];
  /** Of these ids, the held ones, with their latest version and card; ids not held are left out. */
  held(ids: readonly number[]): HeldTender[];
  /** The latest version held of each tender (for the model's key). */
  versions(ids: readonly number[]): Map<number, number>;
  /** Of these ids, the held ones, with their stored features (if any) and what those should have come from. */
  featureRows(ids: readonly number[]): FeatureRow[];
  saveFeatures(rows: readonly { tender_id: number; source: string; body: string }[]): void;
  model(): StoredModel | undefined;
  saveModel(model: StoredModel): void;
}

function createTriageStore(cache: CacheDb): TriageStore {
  const { db } = cache;
  const s = {
    // Whose each decision is: the machine of its field's winning change (none: made here before any team sync).
    decisions: db.prepare<[], Omit<LabelRow, 'status_from_teammate' | 'interest_from_teammate'> & { teammate: number; interest_teammate: number }>(
      `SELECT m.tender_id, m.status, m.status_at, m.interest, m.interest_at, m.marked_at,
              coalesce(c.machine_id <> (SELECT machine_id FROM team_self), 0) AS teammate,
              coalesce(ci.machine_id <> (SELECT machine_id FROM team_self), 0) AS interest_teammate
         FROM tender_mark m
         LEFT JOIN shared_clock c ON c.entity = 'mark' AND c.key = CAST(m.tender_id AS TEXT) AND c.field = 'status'
         LEFT JOIN shared_clock ci ON ci.entity = 'mark' AND ci.key = CAST(m.tender_id AS TEXT) AND ci.field = 'interest'
        WHERE m.status IS NOT NULL OR m.interest IS NOT NULL
        ORDER BY m.tender_id`,
    ),
    undecided: db.prepare<[], number>(
      `SELECT t.id FROM tender t
        WHERE NOT EXISTS (SELECT 1 FROM tender_mark m WHERE m.tender_id = t.id AND (m.status IS NOT NULL OR m.interest IS NOT NULL))
        ORDER BY t.publish_at DESC, t.id DESC`,
    ).pluck(),
    versions: db.prepare<{ ids: string }, { id: number; version: number }>('SELECT id, version FROM tender WHERE id IN (SELECT value FROM json_each(@ids))'),
    featureRows: db.prepare<{ ids: string }, FeatureRow>(
      `SELECT t.id, t.version, (SELECT max(c.request_seq) FROM card c WHERE c.kind = 1 AND c.id = t.id) AS card_seq, f.source, f.body
         FROM json_each(@ids) j JOIN tender t ON t.id = j.value LEFT JOIN triage_features f ON f.tender_id = t.id`,
    ),
    saveFeatures: db.prepare<{ tender_id: number; source: string; body: string }>(
      `INSERT INTO triage_features (tender_id, source, body) VALUES (@tender_id, @source, @body)
       ON CONFLICT (tender_id) DO UPDATE SET source = excluded.source, body = excluded.body`,
    ),
    model: db.prepare<[], StoredModel>('SELECT labels_key, body, trained_at FROM triage_model WHERE id = 1'),
    saveModel: db.prepare<StoredModel>(
      `INSERT INTO triage_model (id, labels_key, body, trained_at) VALUES (1, @labels_key, @body, @trained_at)
       ON CONFLICT (id) DO UPDATE SET labels_key = excluded.labels_key, body = excluded.body, trained_at = excluded.trained_at`,
    ),
  };
  const save = writeTransaction(db, (model: StoredModel) => void s.saveModel.run(model));
  const saveFeatures = writeTransaction(db, (rows: readonly { tender_id: number; source: string; body: string }[]) => {
    for (const row of rows) s.saveFeatures.run(row);
  });
  const versionsOf = (ids: readonly number[]): Map<number, number> => new Map(s.versions.all({ ids: JSON.stringify(ids) }).map((r) => [r.id, r.version]));
  return {
    decisions: () =>
      s.decisions.all().map(({ teammate, interest_teammate, ...row }) => ({ ...row, status_from_teammate: teammate === 1, interest_from_teammate: interest_teammate === 1 })),
    undecidedHeldIds: () => s.undecided.all(),
    held(ids) {
      const versions = versionsOf(ids);
      const versionsOfStore = versionStore(cache);
      const cards = cardStore(cache);
      const out: HeldTender[] = [];
      for (const id of ids) {
        const version = versions.get(id);
        if (version === undefined) continue;
        const stored = versionsOfStore.latest('tender', id);
        if (stored === undefined) continue;
        const cardJson = cards.lastReceivedCardJson('tender', id);
        out.push({ id, version, object: stored.object, card: cardJson === undefined ? null : cardOrNull(cardJson, id) });
      }
      return out;
    },
    versions: versionsOf,
    featureRows: (ids) => s.featureRows.all({ ids: JSON.stringify(ids) }),
    saveFeatures: (rows) => {
      if (rows.length > 0) saveFeatures(rows);
    },
    model: () => s.model.get(),
    saveModel: (model) => save(model),
  };
}

/** A card that does not parse adds nothing to triage (the card view reports the damage); the summary still ranks. */
function cardOrNull(json: string, id: number): unknown {
  try {
    return storedJson(json, `tender card ${id}`);
  } catch {
    return null;
  }
}

export const triageStore = perCache(createTriageStore);
