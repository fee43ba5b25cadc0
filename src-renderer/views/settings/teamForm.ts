/**
 * The team connection form's checks: the contract's own schema (`teamConnectionSchema`) before
 * anything is sent, each problem shown next to its field in the user's language, without the schema's path
 * («connection.url: …»); an `invalid_input` the core answers anyway is split the same way. Pure.
 */
import { teamConnectionSchema, type Locale } from '../../../src-main/contract/ipc';

export type TeamField = 'url' | 'schema' | 'author';
export type TeamProblems = Partial<Record<TeamField, string>>;

const FIELDS: readonly TeamField[] = ['url', 'schema', 'author'];
const fieldOf = (path: readonly PropertyKey[]): TeamField | null => {
  const last = path[path.length - 1];
  return FIELDS.find((f) => f === last) ?? null;
};
const sentence = (t: string): string => t.charAt(0).toUpperCase() + t.slice(1);

/** The form's problems by field (empty when it may be sent). */
export function teamFormProblems(form: { url: string; schema: string; author: string }, locale: Locale): TeamProblems {
  const parsed = teamConnectionSchema.safeParse(form);
  const out: TeamProblems = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = fieldOf(issue.path) ?? 'url';
    const text = ('params' in issue ? (issue.params as { text?: Record<Locale, string> } | undefined) : undefined)?.text?.[locale] ?? issue.message;
    out[field] ??= sentence(text);
  }
  return out;
}

/**
 * The core's `invalid_input` message («connection.url: пароль…; connection.schema: …») split by the fields it
 * names; what names no form field stays in `rest`.
 */
export function teamCallProblems(message: string, fields: readonly string[]): { problems: TeamProblems; rest: string | null } {
  const problems: TeamProblems = {};
  const rest: string[] = [];
  for (const part of message.split('; ')) {
    const path = fields.find((f) => part.startsWith(`${f}: `));
    const field = path !== undefined ? fieldOf(path.split('.')) : null;
    if (path !== undefined && field !== null) problems[field] ??= sentence(part.slice(path.length + 2));
    else rest.push(part);
  }
  return { problems, rest: rest.length > 0 ? rest.join('; ') : null };
}
