/**
 * The team schema's name (`--schema NAME`, default `tenderwb`): an identifier cannot be a query parameter, so it
 * is checked here against a plain lower-case shape and then quoted; nothing else ever reaches SQL text.
 */
export const DEFAULT_TEAM_SCHEMA = 'tenderwb';

const SHAPE = /^[a-z_][a-z0-9_]{0,62}$/;

export function isTeamSchemaName(name: string): boolean {
  return SHAPE.test(name);
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
