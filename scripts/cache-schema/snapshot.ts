/**
 * Writes src-main/cache/migrations/schemaSnapshot.ts: the schema the migrations make from an empty file, which a
 * new cache starts from (freshSchema.ts says why). Run after adding a migration:
 *   npx tsx scripts/cache-schema/snapshot.ts
 * test/cache/freshSchema.test.ts fails while the snapshot is behind the registry.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderSnapshotModule, snapshotFromMigrations } from './render';

const target = resolve(import.meta.dirname, '../../src-main/cache/migrations/schemaSnapshot.ts');
const snapshot = snapshotFromMigrations();
writeFileSync(target, renderSnapshotModule(snapshot));
console.log(`${target}: schema after migration ${snapshot.version}, ${snapshot.statements.length} statements`);
