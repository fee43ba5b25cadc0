/**
 * Opens the card a pasted reference names (a notice number, a registry number, an EIS link; see
 * domain/openReference.ts): each possible reading is tried in turn, and a "not found" from one reading (free:
 * the API charges only what it delivers) passes to the next. Shared by `tenderwb open` and the app's «Открыть».
 */
import { isApiError } from '../api/errors';
import { openAttempts, parseOpenReference, type OpenTarget } from '../domain/openReference';
import type { Bilingual } from '../domain/bilingual';

export type OpenAttempt = ReturnType<typeof openAttempts>[number];

/** A reference that cannot be read, or one that names nothing the server knows. */
export class OpenReferenceError extends Error {
  constructor(
    readonly reason: 'invalid' | 'not_found',
    readonly text: Bilingual,
  ) {
    super(text.en);
  }
}

const isNotFound = (e: unknown): boolean =>
  (isApiError(e) && (e.status === 404 || e.code === 'not_found')) || (typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 'not_found');

export function parseOrThrow(reference: string): OpenTarget {
  const parsed = parseOpenReference(reference);
  if (!parsed.ok) throw new OpenReferenceError('invalid', parsed.message);
  return parsed.target;
}

export async function openByReference<T>(reference: string, open: (attempt: OpenAttempt) => Promise<T>): Promise<{ attempt: OpenAttempt; result: T }> {
  const attempts = openAttempts(parseOrThrow(reference));
  for (const attempt of attempts) {
    try {
      return { attempt, result: await open(attempt) };
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  }
  const id = attempts[0]!.id;
  const kinds = new Set(attempts.map((a) => a.kind));
  throw new OpenReferenceError(
    'not_found',
    kinds.size > 1
      ? { ru: `Ни закупки, ни контракта с номером ${id} в API нет`, en: `The API has no tender or contract numbered ${id}` }
      : kinds.has('tender')
        ? { ru: `Закупки с номером ${id} в API нет`, en: `The API has no tender numbered ${id}` }
        : { ru: `Контракта с реестровым номером ${id} в API нет`, en: `The API has no contract with registry number ${id}` },
  );
}
