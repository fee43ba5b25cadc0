/**
 * `tenderwb open NUMBER|URL`: a tender by its notice number (19 digits under 44-FZ, 11 under 223-FZ) or by a
 * pasted EIS link with regNumber=…, a contract by its registry number (bare or reestrNumber=…); what cannot be
 * read is refused before any request, and a number the API does not know says so (both readings tried, free).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src-main/sandbox/index';
import { api, cliOnSandbox, failureReason, registryNumber, serverBalance, type CliHarness } from './helpers';


let sb: RunningSandbox;
let live: string;
let test: string;
let cli: CliHarness;

beforeAll(async () => {
  ({ sb, live, test, cli } = await cliOnSandbox());
});

afterAll(async () => {
  await sb?.close();
  cli?.cleanup();
});

/** The first tenders whose platform id has the given shape, read with the never-charged test token. */
async function tenderWithEtp(shape: RegExp): Promise<{ id: number; etp: string }> {
  for (let id = 1; id < 400; id++) {
    const r = await api(sb, 'GET', `/tenders/${id}`, { token: test });
    if (r.status === 200 && typeof r.json.etp_id === 'string' && shape.test(r.json.etp_id)) return { id, etp: r.json.etp_id };
  }
  throw new Error(`no tender with an etp_id like ${shape}`);
}

describe('tenderwb open', () => {
  it('a 44-FZ notice number (19 digits) and a 223-FZ one in a zakupki.gov.ru link open the tender card', async () => {
    const fz44 = await tenderWithEtp(/^0\d{18}$/);
    const byNumber = await cli.ok(['--json', 'open', fz44.etp]);
    expect(byNumber.lines[0]).toMatchObject({ kind: 'tender', id: fz44.id, card: { id: fz44.id } });
    expect(byNumber.lines[0]!.source).toMatch(/^server/);
    // Opened again with spaces and the № sign as copied from a document: from the cache now.
    const spaced = `№ ${fz44.etp.slice(0, 4)} ${fz44.etp.slice(4, 12)} ${fz44.etp.slice(12)}`;
    expect((await cli.ok(['--json', 'open', spaced])).lines[0]).toMatchObject({ kind: 'tender', id: fz44.id, source: 'cache' });
    // The ID the card shows («ID 2930»), as copied from it: the same tender.
    expect((await cli.ok(['--json', 'open', `ID ${fz44.id}`])).lines[0]).toMatchObject({ kind: 'tender', id: fz44.id });

    const fz223 = await tenderWithEtp(/^\d{11}$/);
    const link = `https://zakupki.gov.ru/epz/order/notice/notice223/common-info.html?regNumber=${fz223.etp}&backUrl=x`;
    const byLink = await cli.ok(['--json', 'open', link]);
    expect(byLink.lines[0]).toMatchObject({ kind: 'tender', id: fz223.id });
    const human = await cli.ok(['open', link]);
    expect(human.stdout).toContain(fz223.etp);
  });

  it('a contract registry number, bare or as reestrNumber=… in a link, opens the contract card', async () => {
    const contract = await api(sb, 'GET', '/contracts/2', { token: test });
    expect(contract.status).toBe(200);
    const reestr = sb.strict ? await registryNumber(2) : String(contract.json.reestr_number);
    const bare = await cli.ok(['--json', 'open', reestr]);
    expect(bare.lines[0]).toMatchObject({ kind: 'contract', id: 2 });
    const byLink = await cli.ok(['--json', 'open', `zakupki.gov.ru/epz/contract/contractCard/common-info.html?reestrNumber=${reestr}`]);
    expect(byLink.lines[0]).toMatchObject({ kind: 'contract', id: 2 });
    // A contract that does not state its registry number (the strict server's) cannot be found in the cache by
    // it: asked again, and free (a version held).
    expect(byLink.lines[0]!.source).toBe(sb.strict ? 'server (a version held before: free)' : 'cache');
  });

  it('what is not a number or an EIS link is refused before any request (exit 2, Russian first); an unknown number is named (exit 1), nothing charged', async () => {
    const before = await serverBalance(sb, live);
    const [foreign, short, noNumber, unknown] = await Promise.all([
      cli.run(['open', 'https://example.com/?regNumber=0173100007426000018']),
      cli.run(['open', '123456789012']),
      cli.run(['open', 'https://zakupki.gov.ru/epz/order/notice/ea20/view/common-info.html?noticeInfoId=42']),
      cli.run(['open', '0999999999999999999']),
    ]);
    expect(foreign.code).toBe(2);
    expect(failureReason(foreign)).toMatch(/^Открываются только ссылки на zakupki\.gov\.ru/);
    expect(short.code).toBe(2);
    expect(failureReason(short)).toMatch(/^Номер из 12 цифр не похож/);
    expect(noNumber.code).toBe(2);
    expect(failureReason(noNumber)).toMatch(/regNumber=/);
    expect(unknown.code).toBe(1);
    expect(failureReason(unknown)).toMatch(/^Ни закупки, ни контракта с номером 0999999999999999999 в API нет/);
    expect(await serverBalance(sb, live)).toEqual(before);
  });
});
