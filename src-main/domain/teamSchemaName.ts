/**
 * Which names a team schema may have (`--schema NAME`, the app's «Схема»): a plain
 * lower-case identifier (an identifier cannot be a query parameter, so nothing of another shape ever reaches
 * SQL text), and never one of PostgreSQL's own schemas. `information_schema` and every `pg_…` name belong to the
 * server (the `pg_` prefix is reserved for it): team tables written there would sit among the catalog's views,
 * or fail with the server's raw words. Pure: the contract, the form, the CLI and the connection ask the same.
 */
const SHAPE = /^[a-z_][a-z0-9_]{0,62}$/;

export type TeamSchemaProblem = 'shape' | 'system';

/** PostgreSQL's own schemas: information_schema and the reserved `pg_` prefix (pg_catalog, pg_toast, pg_temp_3…). */
export function isSystemSchemaName(name: string): boolean {
  return name === 'information_schema' || name.startsWith('pg_');
}

/** Why a name cannot be a team schema, or null when it can. */
export function teamSchemaProblem(name: string): TeamSchemaProblem | null {
  if (!SHAPE.test(name)) return 'shape';
  if (isSystemSchemaName(name)) return 'system';
  return null;
}
