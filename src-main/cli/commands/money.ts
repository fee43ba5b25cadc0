/** `tenderwb balance`, `ledger` and `audit`: what was paid, mirrored locally and reconciled. */
import { parseCommandArgs } from '../args';
import { CliError, formatInt } from '../output';
import type { CliContext } from '../context';
import { ledgerStore } from '../../cache/ledgerStore';
import { versionStore } from '../../cache/versionStore';
import { reconcile } from '../../audit/reconcile';
import { mirrorBalance, mirrorLedger } from '../../sync/mirrors';

export async function balanceCommand(ctx: CliContext, args: string[]): Promise<void> {
  parseCommandArgs(args, {});
  const mirror = await mirrorBalance(await ctx.client(), await ctx.cache());
  const b = { balance: mirror.balance, usage_today: mirror.usageToday, last_updated: mirror.lastUpdated };
  ctx.out.result(
    { balance: b.balance, usage_today: b.usage_today, last_updated: b.last_updated },
    `tenders: ${formatInt(b.balance.tenders)} (today ${formatInt(b.usage_today.tenders)})\ncontracts: ${formatInt(b.balance.contracts)} (today ${formatInt(b.usage_today.contracts)})`,
  );
}

export async function ledgerCommand(ctx: CliContext, args: string[]): Promise<void> {
  const a = parseCommandArgs(args, { last: { type: 'string' } });
  const cache = await ctx.cache();
  await mirrorLedger(await ctx.client(), cache);
  const ledger = ledgerStore(cache);
  const last = a.values.last === undefined ? (ctx.out.json ? Infinity : 20) : Number(a.values.last);
  if (!(last > 0)) throw new CliError('--last is a positive number', 2);
  const skip = Math.max(0, ledger.count() - last);
  let i = 0;
  for (const r of ledger.rows()) {
    if (i++ < skip) continue;
    ctx.out.result(
      { id: r.id, balance_type: r.balanceType, amount: r.amount, object_id: r.objectId, version: r.version, filter_id: r.filterId, request_id: r.requestId, created_at: r.createdAt },
      `${r.id}\t${r.createdAt ?? ''}\t${r.balanceType}\t${r.amount}\t${r.objectId} v${r.version}\t${r.filterId ?? 'card'}\t${r.requestId ?? ''}`,
    );
  }
}

export async function auditCommand(ctx: CliContext, args: string[]): Promise<void> {
  parseCommandArgs(args, {});
  const cache = await ctx.cache();
  await mirrorLedger(await ctx.client(), cache);
  const versions = versionStore(cache);
  const rows = [...ledgerStore(cache).rows()].map((r) => ({
    id: r.id,
    balance_type: r.balanceType,
    amount: r.amount,
    object_id: r.objectId,
    version: r.version,
    filter_id: r.filterId,
    request_id: r.requestId ?? '',
  }));
  const verdict = reconcile(rows, (kind, id, version) => versions.has(kind, id, version));
  ctx.out.result(
    { ok: verdict.ok, rows: verdict.rows, matched: verdict.matched, repeat_charges: verdict.repeatCharges, unexplained: verdict.unexplained },
    () =>
      [
        `${formatInt(verdict.rows)} ledger rows, ${formatInt(verdict.matched)} match a version held locally`,
        `repeat charges: ${verdict.repeatCharges.length}${verdict.repeatCharges.slice(0, 10).map((r) => `\n  ${r.kind} ${r.id} v${r.version}: ledger rows ${r.ledgerIds.join(', ')}`).join('')}`,
        `unexplained rows: ${verdict.unexplained.length}${verdict.unexplained.slice(0, 10).map((r) => `\n  row ${r.id}: ${r.balance_type} ${r.object_id} v${r.version} (${r.request_id})`).join('')}`,
        verdict.ok ? 'verdict: every charge is explained, nothing was paid twice' : 'verdict: PROBLEMS FOUND',
      ].join('\n'),
  );
  if (!verdict.ok) throw new CliError(`audit found ${verdict.repeatCharges.length} repeat charges and ${verdict.unexplained.length} unexplained rows`);
}
