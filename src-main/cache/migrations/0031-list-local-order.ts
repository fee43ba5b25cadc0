/**
 * A list's order set by the analyst (members are reordered by dragging or Alt+↑/↓). The API has no
 * route for member order and shows members in no stated order (D-LIST-7), so the order lives here only:
 * - `list.ordered_at`: when the analyst last set the members' order here; NULL while the list follows the
 *   order the server lists its members in. Once set, a mirror of the members keeps `list_item.position` for
 *   the members it knows and appends new ones after them (listStore.setItems, D-LIST-8), so a sync no longer
 *   undoes the analyst's order.
 */
import type Database from 'better-sqlite3';
import type { Migration } from './types';

/** The schema version that has `list.ordered_at`; the list store reads it so an older file is written without it. */
export const LIST_ORDER_SCHEMA_VERSION = 31;

export const migration0031: Migration = {
  version: LIST_ORDER_SCHEMA_VERSION,
  name: 'list-local-order',
  up(db: Database.Database): void {
    db.exec(`ALTER TABLE list ADD COLUMN ordered_at TEXT;`);
  },
};
