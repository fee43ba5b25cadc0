/**
 * Texts that repeat across many rows are kept once and referred to by number. Short labels (a region's name, a
 * placement's name: a few dozen distinct values over a million tenders) live in `label` (migration 0024); customer
 * names (~25 tenders and contracts each) in `customer_name` (migration 0001), shared by `tender.customer_ref` and,
 * from migration 0035, `contract_party.customer_ref` and `resolved_ref`. Internal to src-main/cache (appIndex,
 * tenderIndex, insightUpkeep); readers join the table on the ref.
 */
import type Database from 'better-sqlite3';

export interface LabelRefs {
  /** The ref of `text`, added to its table when new (inside the caller's write transaction); null for null. */
  ref(text: string | null): number | null;
  /** After each write transaction: refs learned in one that did not commit may be reused, so they are forgotten. */
  transactionEnded(committed: boolean): void;
}

/** SQL of a label's text by its ref column (`refColumn`, e.g. `v.region_ref`). */
export const labelText = (refColumn: string): string => `(SELECT text FROM label WHERE ref = ${refColumn})`;

/** SQL of a customer's name by its ref column (`refColumn`, e.g. `p.customer_ref`). */
export const customerNameText = (refColumn: string): string => `(SELECT name FROM customer_name WHERE ref = ${refColumn})`;

/**
 * The one way a text becomes a ref, inserting it when new. Rows of these tables are never deleted, so a ref that
 * committed stays right and is kept in memory (up to `keep` texts, then the memory starts again).
 */
function createTextRefs(db: Database.Database, table: 'label' | 'customer_name', column: 'text' | 'name', keep: number): LabelRefs {
  const find = db.prepare<[string], number>(`SELECT ref FROM ${table} WHERE ${column} = ?`).pluck();
  const add = db.prepare(`INSERT INTO ${table} (${column}) VALUES (?)`);
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
    // Called once per transaction by each writer that shares this instance: a second call finds nothing learned.
    transactionEnded(committed) {
      if (committed) {
        if (known.size + learned.size > keep) known.clear();
        for (const [text, ref] of learned) known.set(text, ref);
      }
      learned.clear();
    },
  };
}

/** Region and placement names (`label`): the distinct texts are few, so all are kept. */
export const createLabelRefs = (db: Database.Database): LabelRefs => createTextRefs(db, 'label', 'text', 100_000);

/** Customer names (`customer_name`), one instance per writer shared by tenders and contracts (deliveryWriter.ts). */
export const createCustomerRefs = (db: Database.Database): LabelRefs => createTextRefs(db, 'customer_name', 'name', 200_000);
