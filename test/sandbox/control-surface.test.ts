/**
 * The sandbox's control surface describes itself: `GET /__sandbox` lists every control route with its method,
 * body and what it does, every listed route is served, and docs/sandbox.md (where the README points) documents each of them.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, start, type Json, type Sandbox } from './helpers';

const SANDBOX_DOC = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'sandbox.md'), 'utf8');

describe('GET /__sandbox lists the control surface', () => {
  let sb: Sandbox;
  let routes: Json[];
  beforeAll(async () => {
    sb = await start();
    const r = await api(sb, 'GET', `${sb.origin}/__sandbox`);
    expect(r.status).toBe(200);
    routes = r.json.routes;
  });
  afterAll(() => sb?.close());

  it('each route with its method, path, body and what it does', () => {
    expect(routes.length).toBeGreaterThanOrEqual(11);
    for (const route of routes) {
      expect(['GET', 'POST']).toContain(route.method);
      // The control routes, and the document host's route with its parts in braces.
      expect(route.path).toMatch(/^\/__sandbox(\/[a-z-]+)?$|^\/files\/\{tender_id\}\//);
      expect(typeof route.does).toBe('string');
      expect(route.does.length).toBeGreaterThan(10);
      if (route.method === 'POST') expect(route.body).toMatch(/^\{.*\}$/);
    }
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['GET /__sandbox', 'GET /__sandbox/state', 'POST /__sandbox/reset', 'POST /__sandbox/clock', 'POST /__sandbox/tick', 'POST /__sandbox/faults']),
    );
  });

  it('the same list at /__sandbox/, and 404 for a route it does not list', async () => {
    expect((await api(sb, 'GET', `${sb.origin}/__sandbox/`)).json.routes).toEqual(routes);
    expect((await api(sb, 'POST', `${sb.origin}/__sandbox/nonsense`, { body: {} })).status).toBe(404);
  });

  it('every listed route is served: GET answers 200, POST with a body of the wrong shape answers 422 (not 404)', async () => {
    for (const route of routes) {
      if (route.method === 'GET') {
        const path = route.path.includes('{') ? await exampleFile() : route.path;
        expect((await api(sb, 'GET', `${sb.origin}${path}`)).status, path).toBe(200);
      } else {
        const r = await api(sb, 'POST', `${sb.origin}${route.path}`, { body: { not_a_field: true } });
        expect(r.status, route.path).toBe(422);
      }
    }
  });

  /** A document of the first tender's card: the file route's templated path filled in. */
  async function exampleFile(): Promise<string> {
    const token = await login(sb);
    for (let id = 1; id < 50; id++) {
      const r = await api(sb, 'GET', `/tenders/${id}`, { token });
      if (r.status === 200) return new URL(r.json.documents[0].url).pathname;
    }
    throw new Error('no tender card among ids 1-49');
  }

  it('docs/sandbox.md documents every route', () => {
    for (const route of routes) expect(SANDBOX_DOC, route.path).toContain(`${route.method} ${route.path}`);
  });
});
