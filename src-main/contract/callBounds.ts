/**
 * How big a call across the boundary, and its answer, may be (a 1 MB call whose argument
 * failed validation got a 50 MB error body, because every zod issue, unknown keys included, was echoed back).
 *
 * - A call is measured before it is validated, by a walk that stops at the first limit it passes, so an
 *   oversize call costs the same small amount however large it is.
 * - A validation error names the first few issues, each clipped, then how many more there were; the input
 *   itself (an unknown key, a long string) appears at most as a clipped fragment.
 * - Every error that crosses is clipped (message, request id, fields), whoever made it.
 * - An answer's serialized size has a ceiling; browser mode's bridge checks it where it serializes anyway.
 *
 * Pure (no Node, no DOM): the main process, the worker and the web bridge share it. It does not import ipc.ts
 * (which imports it), so the shapes it works on are stated structurally.
 */
import { pick, text, type Locale } from '../i18n/text';

export const CALL_BOUNDS = {
  /** Values (objects, arrays, primitives) in one call's arguments; the largest legal call has about 20,000. */
  maxArgNodes: 100_000,
  /** Characters of all strings and keys of one call; the largest legal one (a 100,000-character name) is far below. */
  maxArgChars: 2_000_000,
  /** Zod issues named in an error message. */
  maxIssues: 5,
  /** Characters of one issue's message, and of one field path. */
  maxIssueChars: 200,
  maxPathChars: 120,
  /** Field paths listed in `fields`. */
  maxFields: 20,
  /** Characters of any error message and request id that crosses. */
  maxMessageChars: 2_000,
  maxRequestIdChars: 200,
  /** Characters of one serialized answer (far above the largest page of 500 rows). */
  maxAnswerChars: 32 * 1024 * 1024,
} as const;

const texts = {
  more: (n: number) => text(`и ещё ${n}`, `and ${n} more`),
  callTooLarge: text(
    'Вызов слишком большой: в его аргументах больше данных, чем нужно любому действию приложения.',
    'The call is too large: its arguments hold more data than any action of the app needs.',
  ),
  answerTooLarge: text(
    'Ответ слишком большой, чтобы передать его окну приложения: сузьте запрос или выгрузите данные в файл.',
    'The answer is too large to pass to the app window: narrow the request or export the data to a file.',
  ),
};

/** Cuts `value` to `max` characters, marking the cut. */
export function clip(value: string, max: number): string {
  return value.length <= max ? value : value.slice(0, Math.max(0, max - 1)) + '…';
}

/**
 * Whether raw arguments exceed the call limits. Walks at most `maxArgNodes` values and stops as soon as a limit
 * is passed (cycles cannot occur in structured-cloned or JSON-parsed data, but the node count bounds them anyway).
 */
export function exceedsCallSize(raw: unknown): boolean {
  let nodes = 0;
  let chars = 0;
  const stack: unknown[] = [raw];
  while (stack.length > 0) {
    const value = stack.pop();
    nodes += 1;
    if (nodes > CALL_BOUNDS.maxArgNodes) return true;
    if (typeof value === 'string') {
      chars += value.length;
    } else if (Array.isArray(value)) {
      if (nodes + stack.length + value.length > CALL_BOUNDS.maxArgNodes) return true;
      for (const item of value as unknown[]) stack.push(item);
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      if (nodes + stack.length + keys.length > CALL_BOUNDS.maxArgNodes) return true;
      for (const key of keys) {
        chars += key.length;
        stack.push((value as Record<string, unknown>)[key]);
      }
    }
    if (chars > CALL_BOUNDS.maxArgChars) return true;
  }
  return false;
}

/** A zod issue, as much of it as is read here. */
export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  /** A custom issue's words in both languages (contract/ipc.ts `checkedBy`); the message is the Russian one. */
  readonly params?: { text?: { ru: string; en: string } };
}

const pathOf = (issue: IssueLike): string => clip(issue.path.map(String).join('.'), CALL_BOUNDS.maxPathChars);

/** The message and field list of an `invalid_input` error, bounded whatever the number and size of the issues. */
export function describeIssues(issues: readonly IssueLike[], locale: Locale): { message: string; fields: string[] } {
  const shown = issues
    .slice(0, CALL_BOUNDS.maxIssues)
    .map((issue) => `${pathOf(issue) || (locale === 'en' ? 'arguments' : 'аргументы')}: ${clip(issue.params?.text?.[locale] ?? issue.message, CALL_BOUNDS.maxIssueChars)}`);
  const rest = issues.length - shown.length;
  const message = shown.join('; ') + (rest > 0 ? `; ${pick(texts.more(rest), locale)}` : '');
  const fields: string[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const field = pathOf(issue) || '(arguments)';
    if (seen.has(field)) continue;
    seen.add(field);
    fields.push(field);
    if (fields.length >= CALL_BOUNDS.maxFields) break;
  }
  return { message, fields };
}

/** An error envelope's shape, as far as bounding it goes. */
export interface BoundableError {
  readonly message: string;
  readonly requestId?: string | null;
  readonly fields?: readonly string[];
}

/** The error with its message, request id and fields clipped to the bounds; the same object when within them. */
export function boundError<E extends BoundableError>(error: E): E {
  const long =
    error.message.length > CALL_BOUNDS.maxMessageChars ||
    (typeof error.requestId === 'string' && error.requestId.length > CALL_BOUNDS.maxRequestIdChars) ||
    (error.fields !== undefined && (error.fields.length > CALL_BOUNDS.maxFields || error.fields.some((f) => f.length > CALL_BOUNDS.maxPathChars)));
  if (!long) return error;
  const bounded: E = { ...error, message: clip(error.message, CALL_BOUNDS.maxMessageChars) };
  if (typeof error.requestId === 'string') (bounded as { requestId?: string | null }).requestId = clip(error.requestId, CALL_BOUNDS.maxRequestIdChars);
  if (error.fields !== undefined) {
    (bounded as { fields?: readonly string[] }).fields = error.fields.slice(0, CALL_BOUNDS.maxFields).map((f) => clip(f, CALL_BOUNDS.maxPathChars));
  }
  return bounded;
}

/** An envelope whose error part is bounded (a success passes unchanged). */
export function boundResponse<R extends { ok: boolean; error?: BoundableError }>(response: R): R {
  if (response.ok || response.error === undefined) return response;
  const error = boundError(response.error);
  return error === response.error ? response : { ...response, error };
}

/** The `invalid_input` error for a call over the size limits (named before any validation ran). */
export function callTooLargeError(locale: Locale): { code: 'invalid_input'; message: string; fields: string[] } {
  return { code: 'invalid_input', message: pick(texts.callTooLarge, locale), fields: ['(arguments)'] };
}

/** The error that replaces an answer over `maxAnswerChars`. */
export function answerTooLargeError(locale: Locale): { code: 'internal'; message: string } {
  return { code: 'internal', message: pick(texts.answerTooLarge, locale) };
}
