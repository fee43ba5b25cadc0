/**
 * One call across the boundary: the method name and raw arguments as they came from the renderer (or the
 * browser-mode connection), answered with the contract's `IpcResponse` envelope. Never throws.
 *
 * - A name outside the contract, or one the core has no handler for, is answered without running anything.
 * - A call over the size limits (`callBounds.ts`) is refused before it is validated: validating it would cost
 *   in proportion to its size.
 * - Arguments are parsed with the contract's validator first (`parseArgs`): wrong types, missing fields and
 *   extra fields come back as `invalid_input` naming the first few fields (bounded), and the handler never runs.
 * - Whatever the handler throws becomes an `IpcError` in the user's language (`toIpcError`): a stack, a path
 *   or a token never crosses. Every error is clipped to the bounds before it leaves (`boundResponse`).
 * - In development the result is checked against the contract's result schema; a mismatch is logged for the
 *   developer and the result still goes to the user as it is.
 */
import { isMethodName, methods, parseArgs, type Handlers, type IpcResponse, type Locale } from '../../contract/ipc';
import { boundResponse, callTooLargeError, exceedsCallSize } from '../../contract/callBounds';
import { toIpcError } from '../../workspace/errors';

export interface DispatchOptions {
  /** Check results against `methods[name].result` (development builds only: it costs a parse per call). */
  readonly validateResult?: boolean;
  /** Where result mismatches are reported; `console.warn` by default. */
  readonly log?: (message: string) => void;
}

const unknownMethod = (name: unknown, locale: Locale): IpcResponse<never> => {
  const shown = typeof name === 'string' ? name.slice(0, 100) : typeof name;
  return {
    ok: false,
    error: {
      code: 'invalid_input',
      message: locale === 'en' ? `Unknown call: ${shown}` : `Неизвестный вызов: ${shown}`,
      fields: ['(method)'],
    },
  };
};

export async function dispatch(
  handlers: Partial<Handlers>,
  name: unknown,
  rawArgs: unknown,
  locale: Locale,
  options: DispatchOptions = {},
): Promise<IpcResponse<unknown>> {
  if (!isMethodName(name)) return unknownMethod(name, locale);
  const handler = handlers[name] as ((args: unknown) => Promise<unknown>) | undefined;
  if (typeof handler !== 'function') {
    (options.log ?? console.warn)(`[core] no handler for contract method ${name}`);
    return { ok: false, error: toIpcError(new Error(`no handler for ${name}`), locale) };
  }
  if (exceedsCallSize(rawArgs)) return { ok: false, error: callTooLargeError(locale) };
  const parsed = parseArgs(name, rawArgs, locale);
  if (!parsed.ok) return { ok: false, error: parsed.error };

  let value: unknown;
  try {
    value = await handler(parsed.value);
  } catch (error) {
    return boundResponse({ ok: false, error: toIpcError(error, locale) });
  }
  if (options.validateResult === true) {
    const checked = methods[name].result.safeParse(value);
    if (!checked.success) {
      const issues = checked.error.issues.slice(0, 5).map((i) => `${i.path.map(String).join('.') || '(result)'}: ${i.message}`);
      (options.log ?? console.warn)(`[core] ${name} answered outside its contract result schema: ${issues.join('; ')}`);
    }
  }
  return { ok: true, value };
}
