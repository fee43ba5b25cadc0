/**
 * dispatch: the one place where a raw call from the other side of the boundary meets a handler.
 * Runs in-thread (no worker) with plain handler objects.
 */
import { describe, expect, it, vi } from 'vitest';
import { dispatch } from '../../../src-main/app/host/dispatch';
import { appError } from '../../../src-main/domain/appError';
import type { Handlers } from '../../../src-main/contract/ipc';

function recordingHandlers() {
  const reached: unknown[] = [];
  const handlers: Partial<Handlers> = {
    'app.setLocale': async (args) => {
      reached.push(args);
      return { locale: args.locale };
    },
    'search.offline': async (args) => {
      reached.push(args);
      return { rows: [], count: 0, countIsEstimate: false };
    },
    'profiles.remove': async () => {
      throw appError('not_found', 'Такого профиля нет.', 'There is no such profile.');
    },
    'profiles.activate': async () => {
      throw new Error('ENOENT: /home/alice/.local/share/tender-workbench/profiles.json token=tw_secret');
    },
    'balance.get': async () => ({ balance: 'plenty' }) as never,
  };
  return { handlers, reached };
}

describe('dispatch: validation before the handler, errors as data', () => {
  it('answers a valid call with the handler result, defaults filled in', async () => {
    const { handlers, reached } = recordingHandlers();
    const response = await dispatch(handlers, 'search.offline', { text: 'компьютер*' }, 'ru');
    expect(response).toEqual({ ok: true, value: { rows: [], count: 0, countIsEstimate: false } });
    expect(reached).toEqual([{ text: 'компьютер*', order: 'newest', offset: 0, limit: 100 }]);
  });

  it('refuses an unknown method name (and a non-string name) as invalid_input without running anything', async () => {
    const { handlers, reached } = recordingHandlers();
    for (const name of ['app.shutdown', '__proto__', 'constructor', 42, null]) {
      const response = await dispatch(handlers, name, {}, 'en');
      expect(response.ok).toBe(false);
      if (!response.ok) expect(response.error.code).toBe('invalid_input');
    }
    expect(reached).toEqual([]);
  });

  it('refuses wrong types, bad values and extra fields as invalid_input naming the fields; the handler never runs', async () => {
    const { handlers, reached } = recordingHandlers();
    const cases: [string, unknown, string[]][] = [
      ['app.setLocale', { locale: 'de' }, ['locale']],
      ['app.setLocale', { locale: 1 }, ['locale']],
      ['app.setLocale', {}, ['locale']],
      ['app.setLocale', { locale: 'ru', admin: true }, ['(arguments)']],
      ['search.offline', { text: 'x', limit: 100_000 }, ['limit']],
      ['search.offline', 'text', ['(arguments)']],
    ];
    for (const [name, args, fields] of cases) {
      const response = await dispatch(handlers, name, args, 'ru');
      expect(response.ok, `${name} ${JSON.stringify(args)}`).toBe(false);
      if (!response.ok) {
        expect(response.error.code).toBe('invalid_input');
        expect(response.error.fields).toEqual(fields);
      }
    }
    expect(reached).toEqual([]);
  });

  it('turns a thrown error into the contract error in the user language, never a stack, path or token', async () => {
    const { handlers } = recordingHandlers();
    expect(await dispatch(handlers, 'profiles.remove', { name: 'x' }, 'en')).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'There is no such profile.', requestId: null },
    });
    const internal = await dispatch(handlers, 'profiles.activate', { name: 'x' }, 'ru');
    expect(internal.ok).toBe(false);
    if (!internal.ok) {
      expect(internal.error.code).toBe('internal');
      expect(internal.error.message).not.toMatch(/ENOENT|alice|tw_secret|at /);
    }
  });

  it('answers internal for a contract method the core has no handler for', async () => {
    const log = vi.fn();
    const response = await dispatch({}, 'cache.info', {}, 'ru', { log });
    expect(response.ok).toBe(false);
    if (!response.ok) expect(response.error.code).toBe('internal');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('cache.info'));
  });

  it('in development logs a result outside the contract schema and still answers it', async () => {
    const { handlers } = recordingHandlers();
    const log = vi.fn();
    expect(await dispatch(handlers, 'balance.get', {}, 'ru', { validateResult: true, log })).toEqual({ ok: true, value: { balance: 'plenty' } });
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toMatch(/balance\.get .*balance/);
    // Off by default (production): no parse, no log.
    log.mockClear();
    await dispatch(handlers, 'balance.get', {}, 'ru', { log });
    expect(log).not.toHaveBeenCalled();
  });
});
