/**
 * Which request fields a rejected request got wrong, read from whatever the server sent. The reference says
 * only that a 422 is "standard validation" and that its body is "not shown" (section 7), so every shape seen
 * in the wild is tolerated: the reference's `error.details` list, FastAPI's `detail: [{loc, msg}]`, `errors`
 * lists with `path`/`field`/`param`/`source.pointer`, a single `error.field`, and a map of field → messages.
 * Anything else gives no fields, and the message stays generic.
 */
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export type ProblemField = { path: string; message: string };

/** FastAPI puts where the value came from first; that is not part of the field's name. */
const LOCATIONS = new Set(['body', 'query', 'path', 'header']);

/** The field one item of a details list names ('' when it names none). */
export function pathOf(item: Record<string, unknown>): string {
  if (Array.isArray(item.loc)) {
    const parts = item.loc.map(String);
    return (LOCATIONS.has(parts[0] ?? '') ? parts.slice(1) : parts).join('.');
  }
  for (const key of ['path', 'field', 'param', 'parameter', 'name', 'property']) {
    const v = item[key];
    if (typeof v === 'string' && v !== '') return v;
    if (Array.isArray(v)) return v.map(String).join('.');
  }
  const pointer = isRecord(item.source) ? item.source.pointer : item.pointer;
  if (typeof pointer === 'string') return pointer.replace(/^\/(data\/attributes\/)?/, '').replace(/\//g, '.');
  return '';
}

/** The server's words for one item of a details list ('' when it has none). */
export function messageOf(item: Record<string, unknown>): string {
  for (const key of ['message', 'msg', 'detail', 'description', 'reason']) if (typeof item[key] === 'string') return item[key];
  return '';
}

/** The fields named by an error body's details (see the module comment); the `(body)` placeholder is no field. */
export function problemFields(details: unknown): ProblemField[] {
  let items: ProblemField[] = [];
  if (Array.isArray(details)) {
    items = details.filter(isRecord).map((d) => ({ path: pathOf(d), message: messageOf(d) }));
  } else if (isRecord(details)) {
    if (Array.isArray(details.detail) || Array.isArray(details.errors) || Array.isArray(details.details)) {
      return problemFields(details.detail ?? details.errors ?? details.details);
    }
    if (pathOf(details) !== '') items = [{ path: pathOf(details), message: messageOf(details) }];
    else
      items = Object.entries(details)
        .filter(([, v]) => typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string')))
        .map(([path, v]) => ({ path, message: Array.isArray(v) ? v.join('; ') : String(v) }));
  }
  return items.filter((f) => f.path !== '' && f.path !== '(body)');
}

/** `customer.kpp (unknown field), limit` — at most five fields, each with the server's words when it sent any. */
export function problemFieldsText(fields: readonly ProblemField[]): string {
  const shown = fields.slice(0, 5).map((f) => (f.message ? `${f.path} (${f.message})` : f.path));
  return shown.join(', ') + (fields.length > 5 ? ` и ещё ${fields.length - 5}` : '');
}
