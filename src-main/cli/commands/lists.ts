/**
 * `tenderwb list ...` and `tenderwb export list|search|ledger ...`: list edits through the workbench's list use
 * cases (current/lists.ts, sent at once through the outbox); exports stream from the cache (nothing is fetched
 * for them but a list's members) as CSV or XLSX, each with its provenance and a row in the export history.
 * `export dossier` is exportDossier.ts's; the words are in the CLI's locale (cli/exportText.ts).
 */
import { parseCommandArgs } from '../args';
import { cliLocale } from '../cliLocale';
import { columnsOrRefuse, delimiterOf, tableExportFormat } from '../exportFormat';
import { EXPORT_TEXT } from '../exportText';
import { pick, type Locale } from '../../i18n/text';
import { CliError, formatInt } from '../output';
import type { CliContext } from '../context';
import { flushOutbox } from '../../sync/outbox';
import { listMemberSync } from '../../cache/listMemberSync';
import { listStore } from '../../cache/listStore';
import { TENDER_COLUMNS } from '../../export/csv';
import { MARK_COLUMNS } from '../../export/markColumns';
import { defaultListColumns, exportListCsv } from '../../export/listExport';
import { exportLedgerCsv, ledgerColumns } from '../../export/ledgerExport';
import { exportSearchResultsCsv } from '../../export/resultsExport';
import { findSaved } from '../../current/savedSearches';
import { AppError } from '../../domain/appError';
import { checkListName, ListUseCases, sendNow, type ItemEdit } from '../../current/lists';
import { cliNet } from '../currentNet';
import { isApiError } from '../../api/errors';
import { mirrorListMembers } from '../../sync/mirrors';
import { runFeedSet } from '../feedSetRun';
import { parseSpendFlags } from '../spendCap';
import { exportDossierCommand } from './exportDossier';
import { outTarget, recorded, written } from '../exportRecord';
import { usageError } from '../help';
import { moscowMomentText } from '../moscowTime';

function parseIds(raw: string[]): number[] {
  if (!raw.length) throw new CliError({ ru: 'укажите хотя бы один ID закупки', en: 'give at least one tender id' }, 2);
  return raw.map((s) => {
    if (!/^\d{1,15}$/.test(s)) throw new CliError({ ru: `«${s}» — не ID закупки`, en: `"${s}" is not a tender id` }, 2);
    return Number(s);
  });
}

/** Refreshes the local mirror of a list's members from the server (all pages). */
async function refreshMembers(ctx: CliContext, listId: string): Promise<void> {
  await mirrorListMembers(await ctx.client(), await ctx.cache(), listId);
}

/** `list sync` and `export list --refresh`: the members read again, with progress (a long list takes minutes). */
async function syncMembers(ctx: CliContext, listId: string): Promise<number> {
  const cache = await ctx.cache();
  const before = listMemberSync(cache).lastSync(listId);
  ctx.out.info(
    before
      ? ctx.tr(
          `список ${listId}: участники здесь — на ${moscowMomentText(before.syncedAt, 'ru')}; читаются заново`,
          `list ${listId}: members held here as of ${moscowMomentText(before.syncedAt, 'en')}; reading them again`,
        )
      : ctx.tr(`список ${listId}: читаются участники`, `list ${listId}: reading its members`),
  );
  let read = 0;
  await mirrorListMembers(await ctx.client(), cache, listId, undefined, (n) => {
    read = n;
    ctx.out.progress(ctx.tr(`чтение списка: участников ${formatInt(n)}`, `list sync: ${formatInt(n)} members read`));
  });
  ctx.out.endProgress();
  return read;
}

/** How old the members an export from the cache writes are, and how to refresh them. */
function membersAge(cache: Awaited<ReturnType<CliContext['cache']>>, listId: string, locale: Locale): string {
  const last = listMemberSync(cache).lastSync(listId);
  return pick(EXPORT_TEXT.membersAge(listId, last?.syncedAt ?? null, last ? formatInt(last.members) : ''), locale);
}

/**
 * What an item edit did, with the list's size: the answer's counts when it gives them all; otherwise the
 * members are read again from the server for the size (the edit itself counted by the workbench).
 */
async function editCounts(ctx: CliContext, sub: 'add' | 'remove', listId: string, e: ItemEdit): Promise<Record<string, unknown>> {
  const keys = sub === 'add' ? ['added', 'already_present', 'items_count'] : ['removed', 'not_present', 'items_count'];
  const r = e.answer ?? {};
  if (keys.every((k) => typeof r[k] === 'number')) return { list_id: listId, ...Object.fromEntries(keys.map((k) => [k, r[k]])) };
  await refreshMembers(ctx, listId);
  const after = listStore(await ctx.cache()).items(listId).length;
  return sub === 'add'
    ? { list_id: listId, added: e.changed, already_present: e.unchanged, items_count: after }
    : { list_id: listId, removed: e.changed, not_present: e.unchanged, items_count: after };
}

/** A refusal of the workbench (a list name the reference does not allow) as a usage error, in the run's language. */
function refusal(e: unknown): unknown {
  return e instanceof AppError && e.code === 'invalid_input' ? new CliError(e.text, 2) : e;
}

export async function listCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const [sub, ...rest] = args;
  const cache = await ctx.cache();
  const net = cliNet(ctx);
  const lists = new ListUseCases({ cache, net, mutate: sendNow(cache, net) });
  if (sub === 'create') {
    const a = parseCommandArgs(rest, { description: { type: 'string' } });
    const name = a.positionals.join(' ').trim();
    if (!name) throw usageError('list', 'create');
    checkName(name);
    await flushOutbox(cache, await ctx.client());
    const list = await lists.create(name, typeof a.values.description === 'string' ? a.values.description : undefined);
    ctx.out.result({ list_id: list.listId, name }, `${list.listId}  ${name}`);
    return;
  }
  if (sub === 'add' || sub === 'remove') {
    const a = parseCommandArgs(rest, {});
    const [listId, ...ids] = a.positionals;
    if (!listId) throw usageError('list', sub);
    const tenderIds = parseIds(ids);
    await flushOutbox(cache, await ctx.client());
    // The counts are read from the local mirror when the answer has none: know the members before the edit.
    if (!listStore(cache).getList(listId)) await refreshMembers(ctx, listId);
    const c = await editCounts(ctx, sub, listId, await lists.editItems(sub === 'add' ? 'list.add' : 'list.remove', listId, tenderIds));
    ctx.out.result(
      c,
      sub === 'add'
        ? ctx.tr(`добавлено ${String(c.added)}, уже были в списке ${String(c.already_present)}; в списке ${String(c.items_count)}`, `added ${String(c.added)}, already there ${String(c.already_present)}; ${String(c.items_count)} in the list`)
        : ctx.tr(`убрано ${String(c.removed)}, не было в списке ${String(c.not_present)}; в списке ${String(c.items_count)}`, `removed ${String(c.removed)}, not there ${String(c.not_present)}; ${String(c.items_count)} in the list`),
    );
    return;
  }
  if (sub === 'show') {
    const a = parseCommandArgs(rest, {});
    const listId = a.positionals[0];
    if (!listId) throw usageError('list', 'show');
    let offline = false;
    try {
      await refreshMembers(ctx, listId);
    } catch (e) {
      // Offline: show the mirror when we have one.
      if (!(isApiError(e) && e.retryable) || !listStore(cache).getList(listId)) throw e;
      offline = true;
    }
    const list = listStore(cache).getList(listId)!;
    ctx.out.result(
      { list_id: list.listId, name: list.name, items_count: list.itemsCount, offline },
      `${list.listId}  ${list.name}  (${ctx.tr(`закупок: ${formatInt(list.itemsCount)}${offline ? ', копия из кэша: нет связи' : ''}`, `${formatInt(list.itemsCount)} tenders${offline ? ', offline copy' : ''}`)})`,
    );
    for (const m of lists.heldMembers(listId)) {
      ctx.out.result({ tender_id: m.tenderId, version: m.version, name: m.object?.name ?? null }, `  ${m.tenderId}\t${m.object ? String(m.object.name) : ctx.tr('(в кэше пока нет)', '(not in the cache yet)')}`);
    }
    return;
  }
  if (sub === 'rename') {
    // Local only: the API has no rename route and a list's fields are immutable after creation (2.6a).
    const a = parseCommandArgs(rest, { reset: { type: 'boolean' } });
    const [listId, ...words] = a.positionals;
    const name = words.join(' ').trim();
    if (!listId || (!name && a.values.reset !== true)) throw usageError('list', 'rename');
    visibleList(lists, listId);
    let renamed;
    try {
      renamed = lists.rename(listId, a.values.reset === true ? null : name);
    } catch (e) {
      throw refusal(e);
    }
    const { list, local } = renamed;
    ctx.out.result(
      { list_id: listId, name: local ?? list.serverName, server_name: list.serverName, local: local !== null },
      `${listId}  ${local ?? list.serverName}${local !== null ? ctx.tr(`  (только здесь; на сервере: ${list.serverName})`, `  (here only; on the server: ${list.serverName})`) : ''}`,
    );
    return;
  }
  if (sub === 'delete') {
    // Local only as well: the API has no route to delete a list, so it stays on the server and is hidden here.
    const a = parseCommandArgs(rest, { yes: { type: 'boolean' } });
    const listId = a.positionals[0];
    if (!listId) throw usageError('list', 'delete');
    const list = visibleList(lists, listId);
    if (a.values.yes !== true) {
      throw new CliError(
        {
          ru: `список «${list.name}» (закупок: ${list.itemsCount}) будет удалён только здесь: в API нет удаления списков, на сервере он останется. Для подтверждения добавьте --yes`,
          en: `list "${list.name}" (${list.itemsCount} tenders) would be deleted here only: the API has no route to delete a list, so it stays on the server. Add --yes to confirm`,
        },
        2,
      );
    }
    try {
      // The app's rule too (one rule, current/lists.ts): a list with edits still queued in this profile (the app
      // queues them offline) is not deleted, or they would still reach it on the server.
      lists.delete(listId);
    } catch (e) {
      if (e instanceof AppError) throw new CliError(e.text, 2);
      throw e;
    }
    ctx.out.result({ list_id: listId, deleted: true, on_server: 'kept' }, ctx.tr(`${listId} удалён здесь; на сервере он остаётся (в API нет удаления списков)`, `${listId} deleted here; the server keeps it (the API cannot delete lists)`));
    return;
  }
  if (sub === 'sync') {
    const a = parseCommandArgs(rest, {});
    const listId = a.positionals[0];
    if (!listId) throw usageError('list', 'sync');
    await flushOutbox(cache, await ctx.client());
    const members = await syncMembers(ctx, listId);
    const synced = listMemberSync(cache).lastSync(listId);
    ctx.out.result({ list_id: listId, items_count: members, synced_at: synced?.syncedAt ?? null }, ctx.tr(`${listId}: с сервера прочитано участников: ${formatInt(members)}`, `${listId}: ${formatInt(members)} members read from the server`));
    return;
  }
  if (sub === 'load') {
    // The latest versions of the members' tenders: the list's tender feed, paid, under the money rule of `sync`.
    const a = parseCommandArgs(rest, { 'max-spend': { type: 'string' }, 'no-cap': { type: 'boolean' } });
    const listId = a.positionals[0];
    if (!listId || a.positionals.length !== 1) throw usageError('list', 'load');
    await runFeedSet(ctx, 'tender', { list_id: listId }, ctx.tr(`список ${listId}`, `list ${listId}`), parseSpendFlags(a.values), signal);
    return;
  }
  if (sub === 'list' || sub === undefined) {
    parseCommandArgs(rest, {});
    for (const l of await lists.lists({ refresh: false })) ctx.out.result({ list_id: l.listId, name: l.name, items_count: l.itemsCount }, `${l.listId}\t${l.name}\t${l.itemsCount}`);
    return;
  }
  throw usageError('list', undefined, { ru: `нет подкоманды «${sub}»`, en: `no subcommand "${sub}"` });
}

/** A list held here and not deleted here, or a usage error naming it. */
function visibleList(lists: ListUseCases, listId: string) {
  const list = lists.visible(listId);
  if (!list) throw new CliError({ ru: `списка ${listId} здесь нет: списки показывает tenderwb list`, en: `no list ${listId} here: run "list" to see the lists` }, 2);
  return list;
}

/** A list name the reference allows, or a usage error saying why not. */
function checkName(name: string): void {
  try {
    checkListName(name);
  } catch (e) {
    throw refusal(e);
  }
}



type FileChoice = ReturnType<typeof tableExportFormat>;


export async function exportCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const [what, ...rest] = args;
  if (what === 'dossier') return exportDossierCommand(ctx, rest);
  const locale = await cliLocale(ctx);
  const usage = new CliError(pick(EXPORT_TEXT.usage, locale), 2);
  if (what !== 'list' && what !== 'search' && what !== 'ledger') throw usage;
  const a = parseCommandArgs(rest, { out: { type: 'string' }, columns: { type: 'string' }, delimiter: { type: 'string' }, format: { type: 'string' }, refresh: { type: 'boolean' } });
  const out = a.values.out;
  if (typeof out !== 'string' || (what !== 'ledger' && !a.positionals[0])) throw usage;
  const delimiter = delimiterOf(a.values.delimiter, locale);
  const file = tableExportFormat(a.values.format, out, locale, delimiter);
  // Before the members are read again from the server: a target that is refused costs nothing.
  const target = { shown: out, path: outTarget(ctx, out) };
  if (what === 'search') return exportSearch(ctx, a.positionals[0]!, target, a.values.columns, delimiter, file, signal, locale);
  if (what === 'ledger') return exportLedger(ctx, target, a.values.columns, delimiter, file, signal, locale);
  const listId = a.positionals[0]!;
  const columns = tenderColumns(a.values.columns, locale);
  const cache = await ctx.cache();
  // From the cache at once, even offline (a refresh of 21,500 members under the rate limit kept the
  // first byte waiting two minutes); fetching the members first is asked for with --refresh or `list sync`.
  if (a.values.refresh === true) {
    try {
      await syncMembers(ctx, listId);
    } catch (e) {
      if (!(isApiError(e) && e.retryable) || !listStore(cache).getList(listId)) throw e;
      ctx.out.info(pick(EXPORT_TEXT.offlineCopy('list'), locale));
    }
  } else {
    if (!listStore(cache).getList(listId)) throw new CliError(pick(EXPORT_TEXT.noList(listId), locale), 2);
    ctx.out.info(membersAge(cache, listId, locale));
  }
  const result = await exportListCsv(cache, listId, columns, target.path, {
    delimiter,
    ...file,
    signal,
    onProgress: (n, total) => ctx.out.progress(pick(EXPORT_TEXT.progress(formatInt(n), formatInt(total)), locale), total ? n / total : undefined),
  });
  const missing = result.missing;
  ctx.out.endProgress();
  if (missing) ctx.out.info(pick(EXPORT_TEXT.missing(formatInt(missing)), locale));
  recorded(ctx, cache, out, result.provenance, locale, target.path);
  written(ctx, out, { rows: result.rows, bytes: result.bytes, missing }, locale);
}


/** The tender columns asked for, else the list defaults; an unknown or repeated one is a usage error, like an unknown flag. */
function tenderColumns(list: unknown, locale: Locale) {
  return typeof list === 'string' ? columnsOrRefuse([...TENDER_COLUMNS, ...MARK_COLUMNS], list, locale) : defaultListColumns();
}

/** A saved search's cached results, newest first as `search` lists them; nothing is fetched. */
/** The file as the user named it, and the path `outTarget` allowed. */
type OutFile = { shown: string; path: string };

async function exportSearch(ctx: CliContext, key: string, out: OutFile, columnList: unknown, delimiter: ';' | ',' | '\t', file: FileChoice, signal: AbortSignal, locale: Locale): Promise<void> {
  const columns = tenderColumns(columnList, locale);
  const cache = await ctx.cache();
  const search = findSaved(cache, key);
  if (!search) throw new CliError(pick(EXPORT_TEXT.noSearch(key), locale), 2);
  const result = await exportSearchResultsCsv(cache, search.filterId, columns, out.path, {
    delimiter,
    ...file,
    signal,
    onProgress: (n, total) => ctx.out.progress(pick(EXPORT_TEXT.progress(formatInt(n), formatInt(total)), locale), total ? n / total : undefined),
  });
  ctx.out.endProgress();
  recorded(ctx, cache, out.shown, result.provenance, locale, out.path);
  written(ctx, out.shown, result, locale);
}

/** The ledger as mirrored here (run `ledger` first for the newest rows), newest first. */
async function exportLedger(ctx: CliContext, out: OutFile, columnList: unknown, delimiter: ';' | ',' | '\t', file: FileChoice, signal: AbortSignal, locale: Locale): Promise<void> {
  const columns = typeof columnList === 'string' ? columnsOrRefuse(ledgerColumns(locale), columnList, locale) : ledgerColumns(locale);
  const cache = await ctx.cache();
  const result = await exportLedgerCsv(cache, columns, out.path, { delimiter, ...file, signal });
  recorded(ctx, cache, out.shown, result.provenance, locale, out.path);
  written(ctx, out.shown, result, locale);
}
