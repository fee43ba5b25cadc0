/**
 * Short texts that repeat across many rows (a region's name, a placement's name: a few dozen distinct values over
 * a million tenders) are kept once in `label` (migration 0024) and referred to by number. Internal to
 * src-main/cache (appIndex, insightUpkeep); readers join `label` on the ref.
 */
import type Database from 'better-sqlite3';

export interface LabelRefs {
  /** The ref of `text`, added to `label` when new (inside the caller's write transaction); null for null. */
  ref(text: string | null): number | null;
  /** After each write transaction: refs learned in one that did not commit may be reused, so they are forgotten. */
  transactionEnded(committed: boolean): void;
}

/** SQL of a label's text by its ref column (`refColumn`, e.g. `v.region_ref`). */
export const labelText = (refColumn: string): string => `(SELECT text FROM label WHERE ref = ${refColumn})`;

export function createLabelRefs(db: Database.Database): LabelRefs {
  const find = db.prepare<[string], number>('SELECT ref FROM label WHERE text = ?').pluck();
  const add = db.prepare('INSERT INTO label (text) VALUES (?)');
  // Labels are never deleted, so a ref that committed stays right; the distinct texts are few, so all are kept.
  const known = new Map<string, number>();
  const learned = new Map<string, number>();
  return {
    ref(text) {
      if (text === null) return null;
      let ref = known.get(text) ?? learned.get(text);
      if (ref === undefined) {
        ref = find.get(text) ?? Number(add.run(text).lastInsertRowid);
        learned.set(text, ref);
      }
      return ref;
    },
    transactionEnded(committed) {
      if (committed) {
        if (known.size + learned.size > 100_000) known.clear();
        for (const [text, ref] of learned) known.set(text, ref);
      }
      learned.clear();
    },
  };
}
