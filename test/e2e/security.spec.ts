/**
 * Browser mode's security, end to end in Chromium:
 * - the API token the core uses (captured exactly, between the core and the sandbox) never reaches the page:
 *   not in the DOM, storage, cookies, the address, any bridge request or answer, or any event;
 * - the per-run secret leaves the address bar at once and lives in no storage or cookie;
 * - the bridge refuses calls without the secret, with a wrong Host, and from a foreign origin (CORS preflight,
 *   no-cors "simple" posts);
 * - the app cannot be framed, and leaving it for another site leaks neither the secret nor a window handle;
 * - links leave only through the core (`app.openExternal`: https only, to the user's browser), never the page.
 */
import { request as httpRequest } from 'node:http';
import type { Page, Response } from '@playwright/test';
import { API_TOKEN_PATTERN, expect, test, type E2eApp } from './fixtures';
import { waitJob } from './viewsHelpers';

const SECRET_HEADER = 'x-tenderwb-secret';

const secretOf = (app: E2eApp): string => new URL(app.url).hash.replace(/^#k=/, '');

/** Read-only methods the page may call with these arguments; each makes the core do real work. */
const readOnlyCalls: [string, unknown][] = [
  ['app.info', {}],
  ['profiles.list', {}],
  ['tokens.list', {}],
  ['balance.get', {}],
  ['ledger.list', { refresh: true }],
  ['ledger.spend', {}],
  ['ledger.audit', {}],
  ['savedSearches.list', {}],
  ['sync.jobs', {}],
  ['lists.list', {}],
  ['cache.info', {}],
  ['search.offline', { text: 'поставка' }],
  ['search.preview', { criteria: { keywords: ['поставка'] } }],
];

/** Everything the page said and heard over HTTP, as text. */
function recordTraffic(page: Page): { texts: string[]; settle(): Promise<void>; quiet(): Promise<void> } {
  const texts: string[] = [];
  const pending: Promise<unknown>[] = [];
  // Bridge calls in flight (the event stream stays open for good, so 'networkidle' never comes).
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const isCall = (url: string): boolean => new URL(url).pathname.startsWith('/bridge/invoke/');
  page.on('requestfinished', (req) => {
    if (inFlight.delete(req)) lastChange = Date.now();
  });
  page.on('requestfailed', (req) => {
    if (inFlight.delete(req)) lastChange = Date.now();
  });
  page.on('request', (req) => {
    if (isCall(req.url())) {
      inFlight.add(req);
      lastChange = Date.now();
    }
    texts.push(req.url());
    const body = req.postData();
    if (body !== null) texts.push(body);
    pending.push(req.allHeaders().then((h) => texts.push(JSON.stringify(h)), () => undefined));
  });
  page.on('response', (res: Response) => {
    pending.push(res.allHeaders().then((h) => texts.push(JSON.stringify(h)), () => undefined));
    // The event stream never ends while the page lives; its content is checked through app.events().
    if (new URL(res.url()).pathname === '/bridge/events') return;
    pending.push(res.text().then((t) => texts.push(t), () => undefined));
  });
  return {
    texts,
    async quiet() {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastChange < 500)) await new Promise((r) => setTimeout(r, 100));
    },
    async settle() {
      for (let n = 0; n !== pending.length; ) {
        n = pending.length;
        await Promise.all(pending);
      }
    },
  };
}

/** What the page itself holds: the DOM, the address, storage and cookies. */
async function pageState(page: Page): Promise<string> {
  const inPage = await page.evaluate(() => {
    const dump = (s: Storage): Record<string, string | null> => Object.fromEntries(Array.from({ length: s.length }, (_, i) => s.key(i)!).map((k) => [k, s.getItem(k)]));
    return {
      html: document.documentElement.outerHTML,
      title: document.title,
      href: location.href,
      local: dump(localStorage),
      session: dump(sessionStorage),
      cookie: document.cookie,
      historyState: JSON.stringify(history.state),
    };
  });
  const cookies = await page.context().cookies();
  return JSON.stringify({ ...inPage, cookies });
}

/** A plain HTTP request to the web server with any Host/Origin (fetch forbids setting Host). */
function rawRequest(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

test.describe('the API token never reaches the page', () => {
  test.use({ captureApiTokens: true });

  test('not in the DOM, storage, cookies, the address, bridge traffic or events', async ({ app, context }) => {
    const page = await context.newPage();
    const traffic = recordTraffic(page);
    const started = page.waitForResponse((r) => new URL(r.url()).pathname === '/bridge/invoke/app.info');
    await page.goto(app.url);
    await started;

    // The page calls the core through its own client: walk every view (each loads its data), then make the
    // calls that need the server, so the core certainly logs in and uses its token while the page watches.
    for (const view of ['search', 'saved', 'contracts', 'lists', 'ledger', 'settings']) {
      const item = page.getByTestId(`nav-${view}`);
      if ((await item.count()) > 0) {
        await item.click();
        await traffic.quiet();
      }
    }
    const secret = secretOf(app);
    const answers = await page.evaluate(
      async ({ calls, secret, header }) => {
        const out: unknown[] = [];
        for (const [name, args] of calls) {
          const r = await fetch(`/bridge/invoke/${name}`, { method: 'POST', headers: { 'Content-Type': 'application/json', [header]: secret }, body: JSON.stringify(args) });
          out.push(await r.json());
        }
        return out;
      },
      { calls: readOnlyCalls, secret, header: SECRET_HEADER },
    );
    expect(answers).toHaveLength(readOnlyCalls.length);
    expect(answers.every((a) => typeof a === 'object' && a !== null && 'ok' in a)).toBe(true);
    // A search that syncs a few pages, so events (sync.progress, feed.updated) flow to the page.
    const run = await app.invoke('search.run', { criteria: { keywords: ['поставка'], regions: [77] }, label: 'security', maxSpend: 200 });
    // Until the job has ended, asked of the core (an event awaited from now on is missed if the job ends first).
    if (run.ok) await waitJob(app, (run.value as { jobId: string }).jobId);
    await traffic.quiet();
    await traffic.settle();

    const tokens = app.apiTokensSeen();
    expect(tokens.length, 'the core used an API token against the sandbox').toBeGreaterThan(0);
    const forbidden = tokens.flatMap((t) => [t, t.replace(/^tenderwb_(live|test)_/, '')]);

    const state = await pageState(page);
    const events = JSON.stringify(app.events());
    for (const token of forbidden) {
      expect(state.includes(token), 'token in the page state').toBe(false);
      expect(events.includes(token), 'token in an event').toBe(false);
      for (const text of traffic.texts) expect(text.includes(token), `token in bridge traffic: ${text.slice(0, 200)}`).toBe(false);
    }
    // Nothing shaped like any API token either (a token of another account, a new session…).
    expect(state.match(API_TOKEN_PATTERN)).toBeNull();
    expect(events.match(API_TOKEN_PATTERN)).toBeNull();
    for (const text of traffic.texts) expect(text.match(API_TOKEN_PATTERN), text.slice(0, 200)).toBeNull();
    await page.close();
  });
});

test.describe('the per-run secret', () => {
  test('leaves the address bar at once and is stored nowhere', async ({ app, page }) => {
    const secret = secretOf(app);
    expect(secret.length).toBeGreaterThanOrEqual(43);
    await expect(page.getByTestId('nav-search').or(page.getByRole('alert'))).toBeVisible();
    expect(page.url()).toBe(`${app.origin}/`);
    const state = await pageState(page);
    expect(state.includes(secret)).toBe(false);
    // The page works: it reached the core through the loopback bridge.
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByTestId('active-profile')).toBeVisible();
    await app.screenshot(page, 'browser-mode-start');
  });

  test('a page opened without it explains what to do, in Russian', async ({ app, context }) => {
    const page = await context.newPage();
    await page.goto(app.origin + '/');
    await expect(page.getByRole('alert')).toContainText('npm run web');
    await page.close();
  });
});

test.describe('the bridge refuses', () => {
  test('calls without the secret or with a wrong one', async ({ app }) => {
    const headers = { host: `127.0.0.1:${app.port}`, 'content-type': 'application/json' };
    expect((await rawRequest(app.port, 'POST', '/bridge/invoke/profiles.list', headers, '{}')).status).toBe(401);
    expect((await rawRequest(app.port, 'POST', '/bridge/invoke/profiles.list', { ...headers, [SECRET_HEADER]: 'x'.repeat(43) }, '{}')).status).toBe(401);
    expect((await rawRequest(app.port, 'GET', '/bridge/events', { host: headers.host })).status).toBe(401);
    expect((await rawRequest(app.port, 'POST', '/bridge/invoke/profiles.list', { ...headers, [SECRET_HEADER]: secretOf(app) }, '{}')).status).toBe(200);
  });

  test('a wrong Host (DNS rebinding), even with the secret', async ({ app }) => {
    for (const host of ['attacker.example', `attacker.example:${app.port}`, `127.0.0.1.nip.io:${app.port}`]) {
      const r = await rawRequest(app.port, 'POST', '/bridge/invoke/profiles.list', { host, 'content-type': 'application/json', [SECRET_HEADER]: secretOf(app) }, '{}');
      expect(r.status, host).toBe(403);
      expect((await rawRequest(app.port, 'GET', '/', { host })).status, host).toBe(403);
    }
  });

  test('a foreign Origin, even with the secret', async ({ app }) => {
    const r = await rawRequest(
      app.port,
      'POST',
      '/bridge/invoke/profiles.list',
      { host: `127.0.0.1:${app.port}`, origin: app.sandboxOrigin, 'content-type': 'application/json', [SECRET_HEADER]: secretOf(app) },
      '{}',
    );
    expect(r.status).toBe(403);
  });

  test('a page of another origin in the browser (CORS preflight and no-cors posts)', async ({ app, context }) => {
    const page = await context.newPage();
    // The sandbox is another origin on this machine (another port): stand in for a hostile local page.
    await page.goto(`${app.sandboxOrigin}/__sandbox/state`);
    const outcome = await page.evaluate(
      async ({ origin, secret, header }) => {
        const results: string[] = [];
        try {
          const r = await fetch(`${origin}/bridge/invoke/lists.create`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', [header]: secret },
            body: JSON.stringify({ name: 'csrf-cors' }),
          });
          results.push(`cors:${r.status}`);
        } catch {
          results.push('cors:blocked');
        }
        try {
          await fetch(`${origin}/bridge/invoke/lists.create`, { method: 'POST', mode: 'no-cors', body: JSON.stringify({ name: 'csrf-simple' }) });
          results.push('simple:sent');
        } catch {
          results.push('simple:blocked');
        }
        try {
          const r = await fetch(`${origin}/bridge/events`, { headers: { [header]: secret } });
          results.push(`events:${r.status}`);
        } catch {
          results.push('events:blocked');
        }
        return results;
      },
      { origin: app.origin, secret: secretOf(app), header: SECRET_HEADER },
    );
    expect(outcome[0]).toBe('cors:blocked');
    expect(outcome[2]).toBe('events:blocked');
    const lists = await app.invoke('lists.list', {});
    if (lists.ok) expect(JSON.stringify(lists.value)).not.toMatch(/csrf-/);
    await page.close();
  });
});

test.describe('leaving the app', () => {
  test('links go to the user\'s browser through the core, only https, and the page stays', async ({ app, page }) => {
    await expect(page.getByTestId('nav-search')).toBeVisible();
    const secret = secretOf(app);
    const tries = ['https://zakupki.gov.ru/epz/order/notice/view.html?id=1', 'javascript:alert(1)', 'file:///etc/passwd', 'http://example.com/', 'https://user:pw@example.com/'];
    const answers = await page.evaluate(
      async ({ urls, secret, header }) => {
        const out: unknown[] = [];
        for (const url of urls) {
          const r = await fetch('/bridge/invoke/app.openExternal', { method: 'POST', headers: { 'Content-Type': 'application/json', [header]: secret }, body: JSON.stringify({ url }) });
          out.push(await r.json());
        }
        return out;
      },
      { urls: tries, secret, header: SECRET_HEADER },
    );
    expect(answers[0]).toEqual({ ok: true, value: { opened: true } });
    expect(app.openedExternal).toEqual([tries[0]]);
    for (const answer of answers.slice(1)) expect(answer).not.toEqual({ ok: true, value: { opened: true } });
    expect(page.url()).toBe(`${app.origin}/`);
    expect(page.context().pages()).toHaveLength(1);
  });


  test('framing is refused by a header, and a walk through every view logs no console error', async ({ app, page }) => {
    // The fixture fails any spec whose page logs an error; this walk makes the check explicit and shows where.
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // A fresh load watched from its start (the fixture's first load only changed the fragment from here on).
    await page.goto('about:blank');
    const loaded = await page.goto(app.url);
    expect(loaded?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    // The meta tag has no frame-ancestors (ignored there, with a console error on every load).
    const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(meta).not.toContain('frame-ancestors');
    for (const view of ['search', 'saved', 'contracts', 'lists', 'ledger', 'settings']) {
      await page.getByTestId(`nav-${view}`).click();
      await expect(page.getByTestId(`view-${view}`)).toBeVisible();
    }
    await page.getByTestId('nav-search').click();
    await expect(page.getByTestId('view-search')).toBeVisible();
    await app.screenshot(page, 'security-console-clean');
    expect(errors).toEqual([]);
  });

  test('the app cannot be framed by another page', async ({ app, context }) => {
    const page = await context.newPage();
    await page.goto(`${app.sandboxOrigin}/__sandbox/state`);
    // Resolves when the frame has loaded whatever it was allowed to (a refused frame loads an error page).
    await page.evaluate(
      (url) =>
        new Promise<void>((resolve) => {
          const frame = document.createElement('iframe');
          frame.addEventListener('load', () => resolve(), { once: true });
          frame.src = url;
          document.body.append(frame);
        }),
      app.url,
    );
    const framed = page.frames().find((f) => f !== page.mainFrame());
    expect(framed).toBeDefined();
    expect(await framed!.locator('#root').count()).toBe(0);
    await page.close();
  });

  test('a window it opens gets no handle on it, and no address leaks the secret', async ({ app, page }) => {
    await expect(page.getByTestId('nav-search')).toBeVisible();
    const secret = secretOf(app);
    const foreign = `${app.sandboxOrigin}/__sandbox/state`;
    const referers: (string | undefined)[] = [];
    // Answered here: the sandbox itself refuses pages of other origins, this app's included.
    await page.context().route(`${app.sandboxOrigin}/**`, async (route) => {
      referers.push(await route.request().headerValue('referer') ?? undefined);
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>elsewhere</title>' });
    });
    const popupPromise = page.context().waitForEvent('page');
    await page.evaluate((url) => void window.open(url), foreign);
    const popup = await popupPromise;
    await popup.waitForLoadState();
    // Cross-Origin-Opener-Policy: the opened page cannot reach back into the app.
    expect(await popup.evaluate(() => window.opener === null)).toBe(true);
    await popup.close();
    // Navigating away: no Referer (Referrer-Policy: no-referrer), and the fragment is long gone.
    await page.evaluate((url) => {
      location.href = url;
    }, foreign);
    await page.waitForURL(foreign);
    expect(referers.length).toBeGreaterThanOrEqual(2);
    for (const referer of referers) expect(referer ?? '').not.toContain(secret);
    for (const referer of referers) expect(referer).toBeUndefined();
    // The app's history entry never held the secret.
    await page.goBack();
    expect(page.url()).toBe(`${app.origin}/`);
  });
});
