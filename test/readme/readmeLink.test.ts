/**
 * The README's EIS link opens the same tender on any date (D-WORLD-7). The demo world follows the
 * sandbox clock and a catalogue tender's 44-FZ notice number carries the year of its publication, so a number
 * taken from today's world names nothing after the next New Year; the README names the archival tender, whose
 * number does not move. No faketime: each sandbox is started with its clock where the test needs it
 * (`startSandbox({ now })`), with the README's seed and size (the defaults `npm run sandbox` uses).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index';
import { api, ctl, login, type Json } from '../sandbox/helpers';

const DAY_MS = 86_400_000;
const README = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');

/** The EIS link of the README's `npx tenderwb open` example, and its notice number. */
function readmeLink(): { url: string; number: string } {
  const line = README.split('\n').find((l) => l.startsWith('npx tenderwb open '));
  expect(line, 'the README has an `npx tenderwb open` example').toBeDefined();
  const url = /'(https:\/\/zakupki\.gov\.ru\/[^']*)'/.exec(line!)?.[1];
  const number = url ? new URL(url).searchParams.get('regNumber') : null;
  expect(number, line).toMatch(/^\d{19}$/);
  return { url: url!, number: number! };
}

/** The first minutes of the next New Year in Moscow after `ms`. */
function nextNewYear(ms: number): number {
  const year = new Date(ms + 3 * 3600_000).getUTCFullYear();
  return Date.parse(`${year + 1}-01-01T00:20:00+03:00`);
}

const opened = new Set<RunningSandbox>();
afterAll(async () => {
  for (const sb of opened) await sb.close();
});

/** The tender a test token opens by the README's number: its card, and its contract's card by registry number. */
async function openByNumber(sb: RunningSandbox, number: string, where: string): Promise<{ card: Json; contract: Json }> {
  const token = await login(sb, 'demo-test');
  const r = await api(sb, 'GET', `/tenders/${number}?id_type=external`, { token });
  expect(r.status, `${where}: ${r.text}`).toBe(200);
  const card = r.json;
  expect(card.contract_ids?.length, where).toBeGreaterThan(0);
  const first = await api(sb, 'GET', `/contracts/${card.contract_ids[0]}`, { token });
  expect(first.status, `${where}: ${first.text}`).toBe(200);
  const byRegistry = await api(sb, 'GET', `/contracts/${first.json.reestr_number}?id_type=reestr`, { token });
  expect(byRegistry.status, `${where}: ${byRegistry.text}`).toBe(200);
  return { card, contract: byRegistry.json };
}

describe('the README’s EIS link', () => {
  it('opens the same tender, with that notice number, at now, 75 and 400 days on and across the next New Year', { timeout: 600_000 }, async () => {
    const { url, number } = readmeLink();
    const real = Date.now();
    const moments = [real, real + 75 * DAY_MS, real + 400 * DAY_MS, nextNewYear(real)];
    const seen: { id: number; inn: string; reestr: string }[] = [];
    for (const moment of moments) {
      const sb = await startSandbox({ port: 0, now: moment });
      opened.add(sb);
      const where = new Date(moment).toISOString();
      const { card, contract } = await openByNumber(sb, number, where);
      expect(card.etp_id, where).toBe(number);
      // The link is the tender's own EIS link, not just a number that happens to parse.
      expect(card.source_url, where).toBe(url);
      // History: completed long before now, its contract executed; what README's later lines read from it.
      expect(card.status.code, where).toBe('completed');
      expect(Date.parse(card.publish_date)).toBeLessThan(moment);
      expect(contract.tender_id, where).toBe(card.id);
      expect(contract.execution.stage.id, where).toBe(2);
      expect(Number(card.organization.inn.slice(0, 2)), where).toBe(card.region.id);
      seen.push({ id: card.id, inn: card.organization.inn, reestr: contract.reestr_number });
      if (moment === real) {
        // A running sandbox whose world lives past the next New Year still answers it by the same number.
        const moved = await ctl(sb, 'clock', { set: new Date(nextNewYear(real) + 10 * DAY_MS).toISOString(), catch_up: true });
        expect(moved.caught_up.entries).toBeGreaterThan(0);
        const later = await openByNumber(sb, number, `${where} moved to ${moved.now}`);
        expect([later.card.id, later.card.etp_id, later.contract.reestr_number]).toEqual([card.id, number, contract.reestr_number]);
      }
      opened.delete(sb);
      await sb.close();
    }
    for (const s of seen.slice(1)) expect(s).toEqual(seen[0]);
  });
});
