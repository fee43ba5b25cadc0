/**
 * `tenderwb balance`, `ledger` and `audit`: thin over the workbench's money and audit use cases
 * (current/money.ts, current/audit.ts; the audit pulls the whole ledger first), printed for a terminal or as JSON.
 */
import { parseCommandArgs } from '../args';
import { CliError, formatInt } from '../output';
import type { CliContext } from '../context';
import { cliNet } from '../currentNet';
import { auditRow } from '../../audit/auditCache';
import type { AuditVerdict } from '../../audit/reconcile';
import { runAudit } from '../../current/audit';
import { filterNamer } from '../../current/filterNames';
import { MoneyUseCases } from '../../current/money';
import { cliLocale } from '../cliLocale';

const money = async (ctx: CliContext): Promise<MoneyUseCases> => new MoneyUseCases({ cache: await ctx.cache(), net: cliNet(ctx) });

export async function balanceCommand(ctx: CliContext, args: string[]): Promise<void> {
  parseCommandArgs(args, {});
  const mirror = await (await money(ctx)).pullBalance();
  const b = { balance: mirror.balance, usage_today: mirror.usageToday, last_updated: mirror.lastUpdated };
  ctx.out.result(
    { balance: b.balance, usage_today: b.usage_today, last_updated: b.last_updated },
    `tenders: ${formatInt(b.balance.tenders)} (today ${formatInt(b.usage_today.tenders)})\ncontracts: ${formatInt(b.balance.contracts)} (today ${formatInt(b.usage_today.contracts)})`,
  );
}

export async function ledgerCommand(ctx: CliContext, args: string[]): Promise<void> {
  const a = parseCommandArgs(args, { last: { type: 'string' }, 'by-search': { type: 'boolean' }, days: { type: 'string' } });
  const wb = await money(ctx);
  await wb.pullLedger();
  if (a.values['by-search'] === true) return spendBySearch(ctx, wb, a.values.days);
  if (a.values.days !== undefined) throw new CliError('--days goes with --by-search', 2);
  const last = a.values.last === undefined ? (ctx.out.json ? Infinity : 20) : Number(a.values.last);
  if (!(last > 0)) throw new CliError('--last is a positive number', 2);
  // Each row's filter by its one name, as the app's ledger says it (a deleted saved search's too).
  const searchName = filterNamer(await ctx.cache(), await cliLocale(ctx));
  for (const r of wb.lastLedgerRows(last)) {
    const name = searchName(r.filterId);
    ctx.out.result(
      // The API's own ledger row (as the audit reads it), with the time the server gave and the filter's name.
      { ...auditRow(r), created_at: r.createdAt, search_name: name },
      `${r.id}\t${r.createdAt ?? ''}\t${r.balanceType}\t${r.amount}\t${r.objectId} v${r.version}\t${name === null ? 'card' : `${name} (${r.filterId})`}\t${r.requestId ?? ''}`,
    );
  }
}

/**
 * `ledger --by-search [--days N]`: the units of the last N Moscow days (30 by default) per filter, largest
 * first, each by its one name as the app's spend chart says it (a deleted saved search's and a contract set's
 * too); charges outside any filter (cards) as «card».
 */
async function spendBySearch(ctx: CliContext, wb: MoneyUseCases, daysText: unknown): Promise<void> {
  const days = daysText === undefined ? 30 : Number(daysText);
  if (!Number.isInteger(days) || days < 1 || days > 366) throw new CliError('--days is a whole number of days, 1 to 366', 2);
  for (const x of wb.spend(days, await cliLocale(ctx)).bySearch) {
    ctx.out.result({ filter_id: x.filterId, search_name: x.label, units: x.units }, `${formatInt(x.units)}\t${x.label === null ? 'card' : `${x.label} (${x.filterId})`}`);
  }
}

export async function auditCommand(ctx: CliContext, args: string[]): Promise<void> {
  parseCommandArgs(args, {});
  const cache = await ctx.cache();
  // The whole ledger first: the command is run to be sure, and waits for it.
  const v = await runAudit({ cache, net: cliNet(ctx) }, 'whole');
  const missing = shortfalls(v);
  const notUnderstoodRows = rowsNotUnderstood(v);
  ctx.out.result(
    {
      ok: v.ok,
      rows: v.rows,
      matched: v.matched,
      repeat_charges: v.repeatCharges,
      unexplained: v.unexplained,
      matched_by_request: v.matchedByRequest,
      not_understood: v.notUnderstood.map((q) => ({ quarantine_id: q.quarantineId, route: q.route, reason: q.reason, request_id: q.requestId, received_at: q.receivedAt, ledger_ids: q.ledgerIds })),
      missing_by_request: v.missingByRequest.map((m) => ({ request_id: m.requestId, balance_type: m.balanceType, via: m.via, said: m.said, stated: m.stated, in_ledger: m.inLedger })),
      missing_by_balance: v.missingByBalance.map((m) => ({ balance_type: m.balanceType, seen: m.seen, in_ledger: m.inLedger })),
      over_ledger: v.overLedger.map((o) => ({ balance_type: o.balanceType, figure: o.figure, value: o.value, in_ledger: o.inLedger })),
      seen: v.seen,
      unattributed: v.unattributed,
      vacuous: v.vacuous,
    },
    () =>
      [
        `${formatInt(v.rows)} ledger rows, ${formatInt(v.matched)} match a delivery held locally${v.matchedByRequest ? ` (${formatInt(v.matchedByRequest)} by their request)` : ''}`,
        `repeat charges: ${v.repeatCharges.length}${v.repeatCharges.slice(0, 10).map((r) => `\n  ${r.kind} ${r.id} v${r.version}: ledger rows ${r.ledgerIds.join(', ')}`).join('')}`,
        `unexplained rows: ${v.unexplained.length}${v.unexplained.slice(0, 10).map((r) => `\n  row ${r.id}: ${r.balance_type} ${r.object_id} v${r.version} (${r.request_id ?? 'no request id'})`).join('')}`,
        `delivered but not understood (kept raw, read again after an upgrade): ${notUnderstoodRows}${v.notUnderstood
          .slice(0, 10)
          .map((q) => `\n  quarantine ${q.quarantineId}: ${q.route} at ${q.receivedAt} (${q.reason}): ledger rows ${q.ledgerIds.join(', ')}`)
          .join('')}`,
        `charged as responses said: tenders ${formatInt(v.seen.tenders)}, contracts ${formatInt(v.seen.contracts)}`,
        `charges missing from the ledger: ${missing}${[
          ...v.missingByRequest.slice(0, 10).map((m) => `response ${m.requestId} (${m.via}, ${m.balanceType}): ${m.stated ? 'said' : 'items flagged'} ${m.said}, ledger has ${m.inLedger}`),
          ...v.missingByBalance.map((m) => `${m.balanceType}: responses charged ${formatInt(m.seen)}, ledger has ${formatInt(m.inLedger)}`),
          ...v.overLedger.map((o) => `${o.balanceType}: ${o.figure} ${formatInt(o.value)} is above the ledger's ${formatInt(o.inLedger)}`),
        ]
          .map((line) => `\n  ${line}`)
          .join('')}`,
        ...(v.unattributed ? [`ledger rows without a request id: ${v.unattributed} (their balance is checked in total only)`] : []),
        v.vacuous
          ? 'verdict: FAILED, the ledger has no rows although charges were made: nothing was checked'
          : v.ok
            ? 'verdict: every charge is explained, nothing was paid twice, no charge is missing from the ledger'
            : 'verdict: PROBLEMS FOUND',
      ].join('\n'),
  );
  if (!v.ok) throw new CliError(auditFailure(v));
}

const shortfalls = (v: AuditVerdict): number => v.missingByRequest.length + v.missingByBalance.length + v.overLedger.length;
const rowsNotUnderstood = (v: AuditVerdict): number => v.notUnderstood.reduce((n, q) => n + q.ledgerIds.length, 0);

/** The one-line reason of a failed audit. */
function auditFailure(v: AuditVerdict): string {
  if (v.vacuous) {
    const seen = v.seen.tenders + v.seen.contracts;
    const why = seen > 0 ? `responses charged ${formatInt(seen)} units` : 'the server\'s period_total or usage_today shows charges';
    return `audit has no ledger rows to check although ${why}: the ledger does not list what was charged`;
  }
  const parts = [`audit found ${v.repeatCharges.length} repeat charges and ${v.unexplained.length} unexplained rows`];
  if (v.notUnderstood.length) parts.push(`${rowsNotUnderstood(v)} rows delivered but not understood`);
  if (shortfalls(v)) parts.push(`${shortfalls(v)} shortfalls of the ledger against the charges responses showed`);
  return parts.join(', ');
}
