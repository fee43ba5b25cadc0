/**
 * A server's text shown raw. The CLI printed tender names and error messages as they came, so a
 * name could clear the screen, set the terminal's title, plant an OSC 8 hyperlink, overwrite its line with a
 * carriage return, send C1 controls, or reverse what follows with U+202E (an address ending `gnp.exe` read
 * `exe.png`). One function (domain/displayText.ts) cleans every edge where text is shown: the CLI's readable
 * lines and its one-line errors, notifications and file names; `--json` stays exact JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeFileName } from '../../src-main/app/csvExport';
import { displayText, terminalSafeJson } from '../../src-main/domain/displayText';
import { heldSummaryText, notificationText } from '../../src-main/i18n/notificationText';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { CliHarness, ctl, failureReason, startCliSandbox, tokens } from '../cli/helpers';
import { forward, sendJson, startHostile, type HostileServer } from './server';

/** Clear screen, an OSC title, an OSC 8 link, a CR overwrite, eight-bit CSI and NEL, and a right-to-left override. */
const HOSTILE = '\u001b[2J\u001b]0;pwned\u0007\u001b]8;;https://evil.example/\u001b\\ссылка\u001b]8;;\u001b\\ \rзатёрто \u009b2J\u0085 \u202Egnp.exe';
/** What a person should read of it. */
const SHOWN = 'ссылка затёрто  gnp.exe';
/** Anything a terminal acts on or reorders, but the tab and the line feed that lay out the CLI's lines. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** Adds the hostile tail to every `name` in a JSON answer. */
function poison(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(poison);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'name' && typeof v === 'string' ? `${v} ${HOSTILE}` : poison(v)]));
}

let sb: RunningSandbox;
let proxy: HostileServer;
let cli: CliHarness;

beforeAll(async () => {
  sb = await startCliSandbox();
  await ctl(sb, 'rate-limit', { per_minute: 1_000_000 });
  const { live } = await tokens(sb);
  const upstream = new URL(sb.baseUrl).origin;
  proxy = await startHostile(async (req, res, body) => {
    if (req.method === 'GET' && new URL(req.url ?? '/', 'http://x').pathname === '/api/v2/balance') {
      return sendJson(res, 400, { error: { code: `refused${HOSTILE}`, message: `нет ${HOSTILE}`, request_id: `req_1${HOSTILE}` } });
    }
    const answer = await forward(upstream, req, body);
    if (answer.status !== 200 || !/^\s*\{/.test(answer.text)) {
      res.writeHead(answer.status, { 'content-type': answer.headers['content-type'] ?? 'application/json' });
      res.end(answer.text);
      return;
    }
    sendJson(res, 200, poison(JSON.parse(answer.text)));
  });
  cli = new CliHarness({ token: live, prefix: 'tenderwb-terminal-' });
  await cli.ok(['profile', 'add', 'h', '--base-url', `${proxy.origin}/api/v2`]);
  await cli.ok(['search', '--query', JSON.stringify({ keywords: ['вакцин'] }), '--label', 'вакцины']);
  await cli.ok(['sync', 'вакцины']);
});

afterAll(async () => {
  await proxy?.close();
  await sb?.close();
  cli?.cleanup();
});

describe('text shown in a terminal', () => {
  it('a tender name full of controls prints as plain words in card and cache search; --json keeps the exact name, escaped', async () => {
    const id = (await cli.ok(['--json', 'cache', 'versions'])).lines.find((l) => l.kind === 'tender')!.id as number;
    const human = await cli.ok(['card', 'tender', String(id)]);
    expect(human.stdout).not.toMatch(ACTIVE);
    expect(human.stderr).not.toMatch(ACTIVE);
    expect(human.stdout.split('\n')[0]).toMatch(new RegExp(`${SHOWN}$`));
    const json = await cli.ok(['--json', 'card', 'tender', String(id)]);
    expect(json.stdout).not.toMatch(ACTIVE);
    expect(String(json.lines[0]!.card.name).endsWith(HOSTILE)).toBe(true);
    const found = await cli.ok(['cache', 'search', 'вакцин']);
    expect(found.stdout).toContain(SHOWN);
    expect(found.stdout).not.toMatch(ACTIVE);
  });

  it('a server’s error message with controls is one clean line on stderr, with and without --json', async () => {
    for (const args of [['balance'], ['--json', 'balance']]) {
      const r = await cli.run(args);
      expect(r.code).toBe(1);
      expect(r.stderr).not.toMatch(ACTIVE);
      expect(failureReason(r)).toContain('refused');
    }
  });
});

describe('the one function at the other edges', () => {
  it('removes whole escape sequences and controls, keeps words, tabs and line breaks where asked', () => {
    expect(displayText(HOSTILE)).toBe(SHOWN);
    expect(displayText('a\tb\r\nc\u2028d', { multiline: true })).toBe('a\tb\nc\nd');
    expect(displayText('a\tb\nc')).toBe('a b c');
    // A string sequence with no terminator ends at the line's end, not at the end of the text.
    expect(displayText('x\u001b]0;title\nrest', { multiline: true })).toBe('x\nrest');
    expect(displayText('Поставка «вакцин» №5 — 100 ₽')).toBe('Поставка «вакцин» №5 — 100 ₽');
  });

  it('JSON keeps its exact values with what a terminal acts on escaped', () => {
    const value = { name: HOSTILE, n: 1 };
    const safe = terminalSafeJson(JSON.stringify(value));
    expect(safe).not.toMatch(ACTIVE);
    expect(JSON.parse(safe)).toEqual(value);
  });

  it('a notification names a tender without controls; a file name made from a name reads as it is stored', () => {
    for (const locale of ['ru', 'en'] as const) {
      const changed = notificationText({ event: 'marked_tender_changed', tender_id: 7, name: `Поставка ${HOSTILE}`, version: 2, marked_version: 1 }, locale);
      expect(changed.body).toBe(`Поставка ${SHOWN}`);
      const search = notificationText({ event: 'saved_search_updated', filter_id: 'flt_1', label: `Поиск ${HOSTILE}`, created: 1, updated: 0 }, locale);
      expect(`${search.title}${search.body}`).not.toMatch(ACTIVE);
      expect(heldSummaryText([], locale).title).not.toMatch(ACTIVE);
    }
    const name = safeFileName('Документация \u202Egnp.exe', 'file', 'csv');
    expect(name).toBe('Документация gnp.exe.csv');
    expect(name).not.toMatch(ACTIVE);
  });
});
