/**
 * An echoed token, at the current generation's client: a server that echoes the token (in the usual
 * format or not) in its error message, code, request id, details or field names, or in a page's request id,
 * gets it back nowhere the client hands on: the error's every field, the CLI's line (describeApiError), the
 * app's payload (toIpcError) and the page's request id the cache stores.
 *
 * The same token written with `\u` escapes (which a cut of the raw text cannot see, and
 * JSON.parse turns back into the token) in a page's or a card's names, descriptions and keys is cut from the
 * parsed values, and from the text an unreadable answer is kept as.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src-main/api/client';
import { ApiError, describeApiError } from '../../src-main/api/errors';
import { RateLimiter } from '../../src-main/api/rateLimiter';
import { toIpcError } from '../../src-main/workspace/errors';
import type { UnreadableAnswer } from '../../src-main/api/types';
import { escapedForm, sendEscaped, sendJson, startHostile, tokenOf, type HostileHandler, type HostileServer } from '../hostile/server';

const USUAL = 'tenderwb_live_EchoMe0123456789abcdefABCDEF';
const ODD = 'Zq9-odd-token-0123456789';
/** Something in the token format the request did not carry (another user's token, a leaked one). */
const LOOKALIKE = 'twb_test_SomeOtherUsersSecret987';
let server: HostileServer | null = null;

afterEach(async () => {
  await server?.close();
  server = null;
});

async function clientOn(token: string, handler: HostileHandler): Promise<ApiClient> {
  server = await startHostile(handler);
  return new ApiClient({ baseUrl: `${server.origin}/api/v2`, token: () => token, limiter: new RateLimiter({ perMinute: 1_000_000 }), sleep: async () => undefined });
}

const echoingError: HostileHandler = (req, res) => {
  const t = tokenOf(req);
  sendJson(
    res,
    422,
    {
      error: {
        code: `bad_${t}`,
        message: `token ${t} refused, also ${LOOKALIKE}`,
        request_id: `req_${t}`,
        details: [{ field: `customer.${t}`, message: `unknown ${t}` }, { loc: ['body', t], msg: t }],
      },
    },
    { 'x-request-id': `hdr_${t}` },
  );
};

describe('the client cuts the token out of a server’s words', () => {
  for (const token of [USUAL, ODD]) {
    it(`an error echoing ${token === USUAL ? 'a token in the usual format' : 'a token in no known format'} everywhere`, async () => {
      const client = await clientOn(token, echoingError);
      const e = await client.queryTenders({ filter_id: 'flt_1' }).then(
        () => null,
        (err: unknown) => err as ApiError,
      );
      expect(e).toBeInstanceOf(ApiError);
      const texts = [
        describeApiError(e),
        JSON.stringify(e!.toJSON()),
        JSON.stringify(e!.details),
        e!.message,
        e!.userMessage,
        e!.code,
        String(e!.requestId),
        JSON.stringify(toIpcError(e, 'ru')),
        JSON.stringify(toIpcError(e, 'en')),
      ];
      for (const text of texts) {
        expect(text).not.toContain(token);
        expect(text).not.toContain(LOOKALIKE);
      }
      expect(e!.requestId).toBe('req_***');
      expect(describeApiError(e)).toMatch(/код bad_\*\*\*.*запрос req_\*\*\*/);
    });
  }

  it('a page whose request id carries the token hands on the id without it', async () => {
    const client = await clientOn(USUAL, (req, res) => {
      const t = tokenOf(req);
      sendJson(res, 200, { filter_id: 'flt_1', state: 'ready', results: [], next_cursor: 'c1', request_id: `page_${t}` }, { 'x-request-id': `hdr_${t}` });
    });
    const page = await client.queryTenders({ filter_id: 'flt_1' });
    expect(page.requestId).toBe('page_***');
    expect(JSON.stringify(page)).not.toContain(USUAL);
  });

  it('a login: the password is cut out of a refusal, and a new token that happens to contain it comes back whole', async () => {
    const password = 'demo';
    const issued = 'tenderwb_live_AbdemoCd0123456789';
    let refuse = true;
    server = await startHostile((_req, res) => {
      if (refuse) return sendJson(res, 401, { error: { code: 'unauthorized', message: `wrong password ${password}`, request_id: `req_${password}` } });
      sendJson(res, 200, { id: 7, name: 'cli', token: issued });
    });
    const client = new ApiClient({ baseUrl: `${server.origin}/api/v2`, token: () => '', limiter: new RateLimiter({ perMinute: 1_000_000 }), sleep: async () => undefined });
    const e = (await client.login('demo-user', password, 'cli').then(
      () => null,
      (err: unknown) => err,
    )) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(describeApiError(e)).not.toContain(password);
    expect(e.requestId).toBe('req_***');
    refuse = false;
    expect((await client.login('demo-user', password, 'cli')).token).toBe(issued);
  });
});


/** A tender as a hostile server writes it: the token in its name, description, a nested list and a key. */
const tenderEchoing = (t: string, id: number): Record<string, unknown> => ({
  id,
  etp_id: `etp-${id}`,
  version: 1,
  name: `Поставка бумаги ${t}`,
  description: { text: `описание ${t}`, notes: [`заметка ${t}`, 7] },
  [`extra_${t}`]: t,
});

describe('a token the server writes with \\u escapes', () => {
  for (const token of [USUAL, ODD]) {
    it(`is cut from every string of a page, keys included (${token === USUAL ? 'usual format' : 'no known format'})`, async () => {
      const client = await clientOn(token, (req, res) => {
        const t = tokenOf(req);
        sendEscaped(
          res,
          200,
          {
            filter_id: 'flt_1',
            state: 'ready',
            results: [{ event: 'created', version: 1, billed: true, tender: tenderEchoing(t, 11) }],
            next_cursor: 'c1',
            total: 1,
            billed: { created: 1, updated: 0, free: 0, period_total: 1, balance_exhausted: false },
            request_id: 'req_page',
          },
          t,
        );
      });
      const page = await client.queryTenders({ filter_id: 'flt_1' });
      // The server did write the escapes (not the token), so a raw-text cut alone saw nothing.
      expect(server!.stats.requests).toHaveLength(1);
      expect(JSON.stringify(page)).not.toContain(token);
      const tender = page.results[0]!.object;
      expect(tender.name).toBe('Поставка бумаги ***');
      expect(tender.description).toEqual({ text: 'описание ***', notes: ['заметка ***', 7] });
      expect(tender['extra_***']).toBe('***');
      expect(Object.keys(tender)).toEqual(['id', 'etp_id', 'version', 'name', 'description', 'extra_***']);
    });
  }

  it('is cut from a card', async () => {
    const client = await clientOn(USUAL, (req, res) => sendEscaped(res, 200, { ...tenderEchoing(tokenOf(req), 12), lots: [{ title: `лот ${tokenOf(req)}` }] }, tokenOf(req)));
    const { card } = await client.tenderCard(12);
    expect(JSON.stringify(card)).not.toContain(USUAL);
    expect(card.name).toBe('Поставка бумаги ***');
  });

  it('is cut from the text an unreadable answer is kept as, so that reading it again later cannot rebuild it', async () => {
    const kept: UnreadableAnswer[] = [];
    server = await startHostile((req, res) => {
      const t = tokenOf(req);
      // `results` is not a list: the page cannot be read, and the answer goes to quarantine.
      sendEscaped(res, 200, { filter_id: 'flt_1', state: 'ready', results: { name: `x ${t}` }, next_cursor: 'c1', request_id: 'req_q' }, t);
    });
    const client = new ApiClient({
      baseUrl: `${server.origin}/api/v2`,
      token: () => USUAL,
      limiter: new RateLimiter({ perMinute: 1_000_000 }),
      sleep: async () => undefined,
      onUnreadable: (a) => kept.push(a),
    });
    const e = await client.queryTenders({ filter_id: 'flt_1' }).then(
      () => null,
      (err: unknown) => err as ApiError,
    );
    expect(e?.code).toBe('bad_response');
    expect(kept).toHaveLength(1);
    expect(kept[0]!.body).not.toContain(escapedForm(USUAL));
    expect(JSON.stringify(JSON.parse(kept[0]!.body))).not.toContain(USUAL);
    expect(JSON.parse(kept[0]!.body)).toMatchObject({ results: { name: 'x ***' } });
  });

  it('a token-issuing answer still comes back whole (only the credentials the request carried are cut)', async () => {
    const issued = 'tenderwb_live_NewOne0123456789abcdef';
    const client = await clientOn(USUAL, (_req, res) => sendEscaped(res, 200, { id: 3, name: 'cli', token: issued, created_at: '2026-01-01T00:00:00Z' }, issued));
    expect((await client.createToken('cli', 'key-1')).token).toBe(issued);
  });
});
