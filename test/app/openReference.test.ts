/**
 * card.open, the core of the app's «Открыть» box: a notice number or an EIS link opens the tender (charged at
 * most once, then from the cache), a registry number the contract; unreadable input is invalid_input in
 * Russian with no request, a number the API does not know is not_found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { apiGet, demoToken, makeCore, sandbox, type TestCore } from './helpers';

let sb: RunningSandbox;
let t: TestCore;
let token: string;

beforeAll(async () => {
  sb = await sandbox();
  t = await makeCore(sb.baseUrl);
  token = await demoToken(sb);
});

afterAll(async () => {
  await t?.close();
  await sb?.close();
});

describe('card.open', () => {
  it('a 44-FZ notice number and a zakupki.gov.ru link open the tender: fetched once, then from the cache', async () => {
    // The tender's platform id, read from a feed page the oracle session gets (the app has not seen it).
    const page = await fetch(`${sb.baseUrl}/tenders/query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ keywords: ['поставка'], limit: 50 }),
    }).then((r) => r.json() as Promise<{ results?: { tender?: { id: number; etp_id?: string } }[] }>);
    const tender = (page.results ?? []).map((r) => r.tender).find((x) => typeof x?.etp_id === 'string' && /^0\d{18}$/.test(x.etp_id));
    // Else (a server that sends no etp_id in feed items) the oracle reads it from a card.
    const etp = tender?.etp_id ?? String((await apiGet(sb, token, '/tenders/1')).etp_id);
    const id = tender?.id ?? 1;
    const first = await t.call('card.open', { reference: `https://zakupki.gov.ru/epz/order/notice/ea20/view/common-info.html?regNumber=${etp}` });
    expect(first).toMatchObject({ kind: 'tender', id, source: 'server' });
    const again = await t.call('card.open', { reference: ` № ${etp} ` });
    expect(again).toMatchObject({ kind: 'tender', id, source: 'cache', charged: false });
  });

  it('unreadable input: invalid_input in Russian, nothing asked; an unknown number: not_found', async () => {
    await expect(t.core.handlers['card.open']({ reference: 'https://example.com/?regNumber=0173100007426000018' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(t.core.handlers['card.open']({ reference: 'привет' })).rejects.toMatchObject({ code: 'invalid_input', text: { ru: expect.stringMatching(/не номер и не ссылка/) } });
    await expect(t.core.handlers['card.open']({ reference: '32699999999' })).rejects.toMatchObject({ code: 'not_found', text: { ru: 'Закупки с номером 32699999999 в API нет' } });
  });
});
