/**
 * The export history's format column (migrations 0015, 0019): an ICS file is recorded as 'ics'; a history written
 * before 0019, which had to keep an ICS under 'csv', takes its true format back from the provenance JSON.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../src-main/cache/database';
import { exportHistory } from '../../src-main/cache/exportHistory';
import { MIGRATIONS } from '../../src-main/cache/migrations';
import { tempCache, tempDir } from './helpers';

const provenance = (format: 'csv' | 'xlsx' | 'ics') => ({ format, made_at: '2026-11-26T10:00:00.000Z', rows: 3, units: 2 });

describe('export history formats (migration 0019)', () => {
  it('records an ICS export as ics', () => {
    const cache = tempCache();
    exportHistory(cache).record({ fileName: 'сроки.ics', path: null, provenance: provenance('ics') as never });
    const row = cache.db.prepare('SELECT format, rows, units FROM export_history').get();
    expect(row).toEqual({ format: 'ics', rows: 3, units: 2 });
  });

  it('a history from before 0019 keeps its rows and ids, and an ICS kept under csv becomes ics', () => {
    const file = join(tempDir(), 'cache.db');
    const old = openCache(file, { migrations: MIGRATIONS.slice(0, 18) });
    const insert = old.db.prepare('INSERT INTO export_history (id, made_at, file_name, path, format, rows, units, provenance) VALUES (?, ?, ?, NULL, ?, 1, 0, ?)');
    insert.run(5, '2026-11-20T10:00:00.000Z', 'a.csv', 'csv', JSON.stringify(provenance('csv')));
    insert.run(9, '2026-11-21T10:00:00.000Z', 'b.ics', 'csv', JSON.stringify(provenance('ics')));
    insert.run(12, '2026-11-22T10:00:00.000Z', 'c.xlsx', 'xlsx', JSON.stringify(provenance('xlsx')));
    old.close();
    const cache = tempCache(file);
    expect(cache.db.prepare('SELECT id, file_name, format FROM export_history ORDER BY id').all()).toEqual([
      { id: 5, file_name: 'a.csv', format: 'csv' },
      { id: 9, file_name: 'b.ics', format: 'ics' },
      { id: 12, file_name: 'c.xlsx', format: 'xlsx' },
    ]);
    expect(exportHistory(cache).list().map((e) => e.id)).toEqual([12, 9, 5]);
  });
});
