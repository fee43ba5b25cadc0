/** `tenderwb list ...` and `tenderwb export list ...`: lists go through the outbox; exports stream. */
import { parseCommandArgs } from '../args';
import { CliError, formatInt } from '../output';
import type { CliContext } from '../context';
import { countItemEdit, mutate, flushOutbox } from '../../sync/outbox';
import { listStore } from '../../cache/listStore';
import { versionStore } from '../../cache/versionStore';
import { isProvisional } from '../../cache/versionMatch';
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

/**
 * What an item edit did. The answer's body is "not shown" (4.12, 4.13): a server may answer `{}`. Its counts
 * are used when it gives them all; otherwise the members are read again from the server and the edit is
 * counted against the members held before it.
 */
async function editCounts(
  ctx: CliContext,
  sub: 'add' | 'remove',
  listId: string,
  ids: number[],
  before: Set<number>,
  r: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const keys = sub === 'add' ? ['added', 'already_present', 'items_count'] : ['removed', 'not_present', 'items_count'];
  if (keys.every((k) => typeof r[k] === 'number')) return { list_id: listId, ...Object.fromEntries(keys.map((k) => [k, r[k]])) };
  await refreshMembers(ctx, listId);
  const cache = await ctx.cache();
  const after = new Set(listStore(cache).items(listId).map((m) => m.tenderId));
  const { changed, unchanged } = countItemEdit(sub === 'add' ? 'list.add' : 'list.remove', ids, before);
  return sub === 'add'
    ? { list_id: listId, added: changed, already_present: unchanged, items_count: after.size }
    : { list_id: listId, removed: changed, not_present: unchanged, items_count: after.size };
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
    // The counts are read from the local mirror when the answer has none: know the members before the edit.
    if (!listStore(cache).getList(listId)) await refreshMembers(ctx, listId);
    const before = new Set(listStore(cache).items(listId).map((m) => m.tenderId));
    const r = await mutate(cache, client, { op: sub === 'add' ? 'list.add' : 'list.remove', payload: { listId, ids: tenderIds } });
    const c = await editCounts(ctx, sub, listId, tenderIds, before, r);
    ctx.out.result(c, sub === 'add' ? `added ${String(c.added)}, already there ${String(c.already_present)}; ${String(c.items_count)} in the list` : `removed ${String(c.removed)}, not there ${String(c.not_present)}; ${String(c.items_count)} in the list`);
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
      // The version held (the feed item's, 2.4), not the object's own: a tender object need not carry one.
      const held = versions.latest('tender', m.tenderId);
      const latest = held?.object as Record<string, unknown> | undefined;
      const version = held && !isProvisional(held.version) ? held.version : null;
      ctx.out.result({ tender_id: m.tenderId, version, name: latest?.name ?? null }, `  ${m.tenderId}\t${latest ? String(latest.name) : '(not in the cache yet)'}`);
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

