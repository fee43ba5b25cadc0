/** `tenderwb list ...` and `tenderwb export list ...`: lists go through the outbox; exports stream. */
import { parseCommandArgs } from '../args';
import { CliError, formatInt } from '../output';
import type { CliContext } from '../context';
import { mutate, flushOutbox } from '../../sync/outbox';
import { listStore } from '../../cache/listStore';
import { versionStore } from '../../cache/versionStore';
import { parseColumnList } from '../../export/csv';
import { defaultListColumns, exportListCsv } from '../../export/listExport';
import { isApiError } from '../../api/errors';
import { mirrorListMembers } from '../../sync/mirrors';

function parseIds(raw: string[]): number[] {
  if (!raw.length) throw new CliError('give at least one tender id', 2);
  return raw.map((s) => {
    if (!/^\d{1,15}$/.test(s)) throw new CliError(`"${s}" is not a tender id`, 2);
    return Number(s);
  });
}

/** Refreshes the local mirror of a list's members from the server (all pages). */
async function refreshMembers(ctx: CliContext, listId: string): Promise<void> {
  await mirrorListMembers(await ctx.client(), await ctx.cache(), listId);
}

export async function listCommand(ctx: CliContext, args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  const cache = await ctx.cache();
  if (sub === 'create') {
    const a = parseCommandArgs(rest, { description: { type: 'string' } });
    const name = a.positionals.join(' ').trim();
    if (!name) throw new CliError('usage: list create NAME', 2);
    const client = await ctx.client();
    await flushOutbox(cache, client);
    const r = await mutate(cache, client, { op: 'list.create', payload: { name, ...(typeof a.values.description === 'string' ? { description: a.values.description } : {}) } });
    ctx.out.result({ list_id: r.list_id, name }, `${String(r.list_id)}  ${name}`);
    return;
  }
  if (sub === 'add' || sub === 'remove') {
    const a = parseCommandArgs(rest, {});
    const [listId, ...ids] = a.positionals;
    if (!listId) throw new CliError(`usage: list ${sub} LIST_ID ID...`, 2);
    const tenderIds = parseIds(ids);
    const client = await ctx.client();
    await flushOutbox(cache, client);
    const r = await mutate(cache, client, { op: sub === 'add' ? 'list.add' : 'list.remove', payload: { listId, ids: tenderIds } });
    ctx.out.result(r, sub === 'add' ? `added ${String(r.added)}, already there ${String(r.already_present)}; ${String(r.items_count)} in the list` : `removed ${String(r.removed)}, not there ${String(r.not_present)}; ${String(r.items_count)} in the list`);
    return;
  }
  if (sub === 'show') {
    const a = parseCommandArgs(rest, {});
    const listId = a.positionals[0];
    if (!listId) throw new CliError('usage: list show LIST_ID', 2);
    let offline = false;
    try {
      await refreshMembers(ctx, listId);
    } catch (e) {
      // Offline: show the mirror when we have one.
      if (!(isApiError(e) && e.retryable) || !listStore(cache).getList(listId)) throw e;
      offline = true;
    }
    const lists = listStore(cache);
    const list = lists.getList(listId)!;
    const versions = versionStore(cache);
    const members = lists.items(listId);
    ctx.out.result({ list_id: list.listId, name: list.name, items_count: list.itemsCount, offline }, `${list.listId}  ${list.name}  (${formatInt(list.itemsCount)} tenders${offline ? ', offline copy' : ''})`);
    for (const m of members) {
      const latest = versions.latest('tender', m.tenderId)?.object as Record<string, unknown> | undefined;
      ctx.out.result({ tender_id: m.tenderId, version: latest?.version ?? null, name: latest?.name ?? null }, `  ${m.tenderId}\t${latest ? String(latest.name) : '(not in the cache yet)'}`);
    }
    return;
  }
  if (sub === 'list' || sub === undefined) {
    for (const l of listStore(cache).lists()) ctx.out.result({ list_id: l.listId, name: l.name, items_count: l.itemsCount }, `${l.listId}\t${l.name}\t${l.itemsCount}`);
    return;
  }
  throw new CliError('usage: list create|add|remove|show ...', 2);
}

export async function exportCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const [what, ...rest] = args;
  if (what !== 'list') throw new CliError('usage: export list LIST_ID --out FILE.csv [--columns a,b,c]', 2);
  const a = parseCommandArgs(rest, { out: { type: 'string' }, columns: { type: 'string' }, delimiter: { type: 'string' } });
  const listId = a.positionals[0];
  const out = a.values.out;
  if (!listId || typeof out !== 'string') throw new CliError('usage: export list LIST_ID --out FILE.csv [--columns a,b,c]', 2);
  const delimiter = (a.values.delimiter ?? ';') as string;
  if (delimiter !== ';' && delimiter !== ',' && delimiter !== '\t' && delimiter !== 'tab') throw new CliError('--delimiter is ";", "," or "tab"', 2);
  let columns;
  try {
    columns = typeof a.values.columns === 'string' ? parseColumnList(a.values.columns) : defaultListColumns();
  } catch (e) {
    // An unknown or repeated column is a usage error, like an unknown flag.
    throw new CliError(e instanceof Error ? e.message : String(e), 2);
  }
  const cache = await ctx.cache();
  try {
    await refreshMembers(ctx, listId);
  } catch (e) {
    if (!(isApiError(e) && e.retryable) || !listStore(cache).getList(listId)) throw e;
    ctx.out.info('offline: exporting the cached copy of the list');
  }
  const result = await exportListCsv(cache, listId, columns, out, {
    delimiter: delimiter === 'tab' ? '\t' : (delimiter as ';' | ','),
    signal,
    onProgress: (n, total) => ctx.out.progress(`export: ${formatInt(n)} / ${formatInt(total)} rows`, total ? n / total : undefined),
  });
  const missing = result.missing;
  ctx.out.endProgress();
  if (missing) ctx.out.info(`${missing} members are not in the cache yet (only their id is exported): sync a search that finds them or open their cards`);
  ctx.out.result({ file: out, rows: result.rows, bytes: result.bytes, missing }, `${formatInt(result.rows)} rows written to ${out}`);
}

