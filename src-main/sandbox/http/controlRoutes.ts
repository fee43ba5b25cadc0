/**
 * What `GET /__sandbox` answers: every route of the control surface with its method, its body and what it
 * does, so a developer or a test author finds them without reading the source (docs/sandbox.md, "The control
 * surface"; decisions file, "Sandbox control surface"). control.ts checks at start that this list and the
 * routes it serves are the same.
 */
export type ControlRoute = {
  method: 'GET' | 'POST';
  /** A `/__sandbox` route, or the document host's route with its parts in braces (a card's documents[].url fills them). */
  path: string;
  /** The JSON body's fields, `?` after an optional one; null for none. */
  body: string | null;
  does: string;
  example?: Record<string, unknown>;
};

export const CONTROL_ROUTES: readonly ControlRoute[] = [
  { method: 'GET', path: '/__sandbox', body: null, does: 'This list of the control routes.' },
  { method: 'GET', path: '/__sandbox/state', body: null, does: 'Counts for tests (tenders, versions, contracts, discovery log head), the sandbox clock\'s now, the world\'s time and its newest tender\'s discovery, the injected faults left.' },
  {
    method: 'POST',
    path: '/__sandbox/balance',
    body: '{"login", "tenders"?, "contracts"?, "protocols"?}',
    does: 'Sets an account\'s balances (omitted ones stay); protocols is the earlier generation\'s; each change shows in its history.',
    example: { login: 'demo', tenders: 50 },
  },
  {
    method: 'POST',
    path: '/__sandbox/license',
    body: '{"login", "active", "end_date"?}',
    does: 'The earlier generation\'s license of a live account: active false ends it (402 on charging routes).',
    example: { login: 'demo', active: false },
  },
  {
    method: 'POST',
    path: '/__sandbox/tick',
    body: '{"created"?, "updated"?}',
    does: 'The world moves on: N new tenders and M new versions of existing ones are indexed now (a completed one gains a contract).',
    example: { created: 5, updated: 3 },
  },
  {
    method: 'POST',
    path: '/__sandbox/rebuild',
    body: '{"filter_id"}',
    does: 'A new generation of that filter\'s feeds: old cursors answer 409 cursor_expired with a fresh slice.',
    example: { filter_id: 'flt_…' },
  },
  {
    method: 'POST',
    path: '/__sandbox/faults',
    body: '{"preparing"?, "http500"?, "reset"?, "truncate"?, "delay_ms"?}',
    does: 'Faults for the next API requests (one per request: reset, http500, truncate after charging, preparing for QUERY); delay_ms delays every answer until set to 0.',
    example: { http500: 2 },
  },
  {
    method: 'POST',
    path: '/__sandbox/rate-limit',
    body: '{"per_minute"}',
    does: 'The request rate per account (default 100 a minute, reference section 8).',
    example: { per_minute: 1000 },
  },
  {
    method: 'GET',
    path: '/files/{tender_id}/{slot}.{rev}/{name}',
    body: null,
    does:
      'The document host, outside the API: a document of a tender card (its documents[].url), generated from the seed; an amendment that changes a document gives it a new URL, an old URL keeps its bytes; no token, nothing charged. The strict sandbox redirects to /storage/… and sends the bytes chunked as application/octet-stream.',
  },
  { method: 'POST', path: '/__sandbox/reset', body: '{}', does: 'Back to the seed state: catalogue, accounts, balances, lists, feeds, tokens; the clock and faults cleared.' },
  {
    method: 'POST',
    path: '/__sandbox/collection',
    body: '{"items_per_step"?, "step_ms"?}',
    does: 'The pace of background feed collection, so 202 preparing and partial pages can be watched.',
    example: { items_per_step: 50, step_ms: 200 },
  },
  {
    method: 'POST',
    path: '/__sandbox/clock',
    body: '{"advance_s" | "set", "catch_up"?}',
    does:
      'Moves the simulated clock forward by seconds or to a time (never back; both generations): subscription TTLs, sessions, days and daily limits, licenses, tender statuses by deadline. catch_up true also lets the world live up to the new now, as a restart after that long would (new tenders, results, contract steps).',
    example: { advance_s: 86400, catch_up: true },
  },
];
