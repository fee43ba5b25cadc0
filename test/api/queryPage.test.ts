/** Reading a QUERY page by the reference alone: versions from items, the contract key, billed counts. */
import { describe, expect, it } from 'vitest';
import * as S from '../../src-main/api/schemas';
import { objectOfItem, readQueryPage, UnreadablePageError } from '../../src-main/api/queryPage';

const env = (results: unknown[], extra: Record<string, unknown> = {}) =>
  S.QueryEnvelope.parse({ filter_id: 'flt_1', state: 'ready', results, next_cursor: 'cur_a.b', ...extra });

describe('readQueryPage', () => {
  it('2.4: the version is the item\'s when the tender carries none (the first page of an independent server)', () => {
    const page = readQueryPage(env([{ event: 'created', version: 3, billed: true, tender: { id: 7, etp_id: 'E-7' } }]), 'tender');
    expect(page.items).toEqual([{ event: 'created', version: 3, billed: true, object: { id: 7, etp_id: 'E-7' } }]);
  });

  it('the item\'s version wins over the object\'s; the object\'s is used only when the item has none', () => {
    expect(readQueryPage(env([{ event: 'updated', version: 4, billed: true, tender: { id: 7, version: 9 } }]), 'tender').items[0]!.version).toBe(4);
    expect(readQueryPage(env([{ event: 'updated', billed: true, tender: { id: 7, version: 9 } }]), 'tender').items[0]!.version).toBe(9);
    expect(() => readQueryPage(env([{ event: 'created', billed: true, tender: { id: 7 } }]), 'tender')).toThrow(UnreadablePageError);
  });

  it('the contract key is not shown: `contract`, else the one object-valued key that is not event/version/billed', () => {
    expect(objectOfItem({ event: 'created', version: 1, billed: true, contract: { id: 1 } }, 'contract')).toEqual({ id: 1 });
    expect(objectOfItem({ event: 'created', version: 1, billed: true, object: { id: 2 }, x_note: 'scalar' }, 'contract')).toEqual({ id: 2 });
    expect(objectOfItem({ event: 'created', version: 1, billed: true, data: { id: 3 }, meta: { shard: 1 } }, 'contract')).toEqual({ id: 3 });
    expect(() => objectOfItem({ event: 'created', version: 1, billed: true }, 'contract')).toThrow(/no contract object/);
    expect(() => objectOfItem({ event: 'created', version: 1, billed: true, a: { id: 1 }, b: { id: 2 } }, 'contract')).toThrow(/several objects/);
  });

  it('2.5: billed counts stated by the envelope are used; without them they are recounted from the items', () => {
    const items = [
      { event: 'created', version: 1, billed: true, tender: { id: 1 } },
      { event: 'updated', version: 2, billed: true, tender: { id: 2 } },
      { event: 'created', version: 1, billed: false, tender: { id: 3 } },
    ];
    const stated = readQueryPage(env(items, { billed: { created: 1, updated: 1, free: 1, period_total: 40, balance_exhausted: true } }), 'tender');
    expect(stated.charges).toEqual({ created: 1, updated: 1, free: 1, periodTotal: 40, balanceExhausted: true, stated: true });
    const recounted = readQueryPage(env(items), 'tender');
    expect(recounted.charges).toEqual({ created: 1, updated: 1, free: 1, periodTotal: null, balanceExhausted: false, stated: false });
  });

  it('3: any state but ready continues by cursor like partial', () => {
    expect(readQueryPage(env([], { state: 'ready' }), 'tender').state).toBe('ready');
    expect(readQueryPage(env([], { state: 'partial' }), 'tender').state).toBe('partial');
    expect(readQueryPage(env([], { state: 'assembling' }), 'tender').state).toBe('partial');
    expect(readQueryPage(env([], { state: undefined }), 'tender').state).toBe('partial');
  });
});

describe('error bodies whose shape the reference does not show (422)', () => {
  it('a FastAPI-style detail list, a detail string or a top-level message give the message and details', async () => {
    const { errorMessageIn, detailsIn, errorCodeIn } = await import('../../src-main/api/transport');
    const fastapi = { detail: [{ loc: ['body', 'limit'], msg: 'ensure this value is less than or equal to 100', type: 'value_error' }] };
    expect(errorMessageIn(fastapi)).toBe('limit: ensure this value is less than or equal to 100');
    expect(detailsIn(fastapi)).toEqual([{ path: 'limit', message: 'ensure this value is less than or equal to 100' }]);
    expect(errorCodeIn(fastapi)).toBeNull();
    expect(errorMessageIn({ detail: 'Not authenticated' })).toBe('Not authenticated');
    expect(errorMessageIn({ message: 'bad' })).toBe('bad');
    expect(errorMessageIn({ error: { code: 'x', message: 'stated shape' } })).toBe('stated shape');
    expect(errorMessageIn([1])).toBeNull();
  });
});
