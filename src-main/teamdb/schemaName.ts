/**
 * The team schema's name (`--schema NAME`, default `tenderwb`): an identifier cannot be a query parameter, so it
 * is checked here (domain/teamSchemaName.ts: a plain lower-case shape, never a PostgreSQL system schema) and then
 * quoted; nothing else ever reaches SQL text.
 */
import { teamSchemaProblem } from '../domain/teamSchemaName';

export const DEFAULT_TEAM_SCHEMA = 'tenderwb';

export function isTeamSchemaName(name: string): boolean {
  return teamSchemaProblem(name) === null;
}

/** The schema's name quoted for SQL text; throws on a name of another shape (callers check it first). */
export function quoteSchema(name: string): string {
  if (!isTeamSchemaName(name)) throw new RangeError(`not a schema name: ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** Puts the quoted schema name in place of `S.` in a statement's text. */
export function inSchema(schema: string, sql: string): string {
  const quoted = quoteSchema(schema);
  return sql.replace(/\bS\./g, `${quoted}.`);
}
