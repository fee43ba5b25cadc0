/**
 * The CLI checks a QUERY with the app's own validators (src-main/domain) before anything is sent: a bad INN,
 * a day that does not exist and a malformed OKPD2 code are refused with a reason naming the field, exit 2,
 * and nothing is charged; a valid query goes through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { cliOnSandbox, failureReason, serverBalance, type CliHarness } from './helpers';


let sb: RunningSandbox;
let live: string;
let cli: CliHarness;

beforeAll(async () => {
  ({ sb, live, cli } = await cliOnSandbox());
});

afterAll(async () => {
  await sb?.close();
  cli?.cleanup();
});

describe('tenderwb search --query: the same validators as the app', () => {
  it('a bad INN checksum, 2026-02-31 and a malformed OKPD2 code are refused before sending: exit 2, the field named, nothing charged', async () => {
    const before = await serverBalance(sb, live);
    const badInn = await cli.run(['search', '--query', JSON.stringify({ customer: { inn: ['7830002294'] } }), '--preview']);
    expect(badInn.code).toBe(2);
    expect(failureReason(badInn)).toContain('customer.inn[0]: ИНН 7830002294: неверное контрольное число');

    const noSuchDay = await cli.run(['--json', 'search', '--query', JSON.stringify({ keywords: ['бумага'], publish_date: { from: '2026-02-31' } }), '--preview']);
    expect(noSuchDay.code).toBe(2);
    expect(failureReason(noSuchDay)).toContain('publish_date.from: 31 февраля 2026 года не существует');
    expect(failureReason(noSuchDay)).not.toContain('31 February 2026 does not exist');

    const badCode = await cli.run(['search', '--query', JSON.stringify({ okpd2: ['26.2.0.1.1'] }), '--label', 'x']);
    expect(badCode.code).toBe(2);
    expect(failureReason(badCode)).toContain('okpd2[0]: «26.2.0.1.1» — не код ОКПД2');

    const swapped = await cli.run(['search', '--query', JSON.stringify({ end_date: { from: '2026-03-01', to: '2026-02-01' } }), '--preview']);
    expect(swapped.code).toBe(2);
    expect(failureReason(swapped)).toContain('end_date: Дата «с» позже даты «по»');

    expect(await serverBalance(sb, live)).toEqual(before);
    // Nothing was saved either.
    expect((await cli.ok(['--json', 'cache', 'stats'])).lines[0].saved_searches).toEqual([]);
  });

  it('a valid INN and a real leap day go through to the server', async () => {
    const r = await cli.ok(['--json', 'search', '--query', JSON.stringify({ customer: { inn: ['7830002293'] }, publish_date: { from: '2024-02-29T00:00:00+03:00' } }), '--preview']);
    expect(r.lines[0]!.filter_id).toMatch(/^flt_/);
  });
});
