/**
 * `tenderwb` for a profile of the earlier API generation (reference document 2): `sync` of a filter's pages,
 * `filters`, `card tender`, `favorites`, `balance`, `ledger` (the balance history) and `export filter|favorites`,
 * all over `src-main/earlier` (EarlierWorkbench), the same core the app uses. Reads that the cache can answer
 * fall back to it when the server is unreachable and say so ("offline").
 *
 * Exit codes beyond 0/1/2: 3 when a sync stops because the balance ran out, 4 when the daily limit did.
 */
import { parseCommandArgs } from '../args';
import { cliLocale } from '../cliLocale';
import { delimiterOf, exportFormat } from '../exportFormat';
import { EXPORT_TEXT } from '../exportText';
import { recorded, written } from '../exportRecord';
import { tenderStageName, tenderStageNameOf } from '../../i18n/codes';
import { pick, type Locale } from '../../i18n/text';
import { CliError, formatInt, formatRub, type Output } from '../output';
import type { CliContext } from '../context';
import { capStopNote, parseSpendFlags, planCliSpend } from '../spendCap';
import { moscowText, timestampMs } from '../../api/earlier/limits';
import { viewQueries } from '../../cache/viewQueries';
import { columnsOf, type EarlierSyncOutcome, type EarlierWorkbench } from '../../earlier/index';
import type { CsvColumn } from '../../export/csv';

const OFFLINE_NOTE = 'offline: the server cannot be reached, showing the copy stored in the cache';

function filterIdOf(raw: string | undefined, usage: string): number {
  if (raw === undefined || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new CliError(usage, 2);
  return Number(raw);
}

const when = (iso: string | null | undefined): string => {
  const ms = timestampMs(iso);
  return ms === null ? '—' : moscowText(ms);
};

// --- sync ----------------------------------------------------------------------------------------------------

const STOP_WORDS: Record<EarlierSyncOutcome['stoppedBy'], string> = {
  done: 'up to date',
  spend_cap: 'stopped at the spend cap',
  balance_exhausted: 'stopped: balance exhausted',
  daily_limit: 'stopped: daily limit reached',
  cancelled: 'cancelled',
  autosearch_off: 'auto search is off',
  license_expired: 'stopped: license not active',
  error: 'failed',
};

export async function earlierSyncCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const usage = 'usage: sync FILTER_ID|--all [--max-spend N | --no-cap]   (earlier-generation profile: filters are numbers, see "tenderwb filters")';
  const a = parseCommandArgs(args, { all: { type: 'boolean' }, 'max-spend': { type: 'string' }, 'no-cap': { type: 'boolean' }, contracts: { type: 'boolean' }, follow: { type: 'boolean' } });
  if (a.values.contracts) throw new CliError('the earlier API generation delivers tenders only: --contracts does not apply', 2);
  if (a.values.follow) throw new CliError('the earlier API generation has no live feed to follow: run "sync FILTER_ID" again to pull what is new', 2);
  const flags = parseSpendFlags(a.values);
  if (a.values.all && a.positionals.length) throw new CliError('give a filter id or --all, not both', 2);
  if (!a.values.all && a.positionals.length !== 1) throw new CliError(usage, 2);
  const wb = await ctx.earlier();
  let targets: number[];
  if (a.values.all) {
    const { filters } = await wb.filters({ signal });
    for (const f of filters.filter((x) => !x.gone && !x.autosearch)) ctx.out.info(`filter ${f.id} «${f.name}»: auto search is off in the web interface, skipped`);
    targets = filters.filter((f) => !f.gone && f.autosearch).map((f) => f.id);
    if (!targets.length) throw new CliError('no filter with auto search on: switch it on in the web interface of the service');
  } else targets = [filterIdOf(a.positionals[0], usage)];

  // The estimate before paying, summed over the filters (unknown when one is: the cap then bounds the run).
  let estimate: number | null = 0;
  for (const filterId of targets) {
    const e = wb.filterEstimate(filterId)?.estimate ?? null;
    estimate = estimate === null || e === null ? null : estimate + e;
  }
  const plan = await planCliSpend(ctx.registry.rootDir, await ctx.cache(), flags, estimate);
  const maxSpend = plan.cap;
  let spent = 0;
  for (const filterId of targets) {
    const out = await wb.syncFilter(filterId, {
      maxSpend: maxSpend === undefined ? undefined : maxSpend - spent,
      signal,
      onProgress: (p) =>
        ctx.out.progress(
          `filter ${filterId}: page ${p.page} (${p.pageSize}/page), ${formatInt(p.offset)}${p.total !== null ? ` / ${formatInt(p.total)}` : ''} tenders, ${formatInt(p.charged)} units`,
          p.total ? p.offset / p.total : undefined,
        ),
    });
    ctx.out.endProgress();
    spent += out.charged;
    ctx.out.result(
      {
        filter_id: out.filterId,
        name: out.filterName,
        stopped_by: out.stoppedBy,
        complete: out.complete,
        pages: out.pages,
        items: out.items,
        charged: out.charged,
        new_tenders: out.newTenders,
        updated_tenders: out.updatedTenders,
        recovered_charges: out.recovered,
        total: out.total,
        reset_at: out.resetAt,
        message: out.message,
      },
      () =>
        out.stoppedBy === 'autosearch_off'
          ? out.message
          : `filter ${out.filterId} «${out.filterName ?? ''}»: ${formatInt(out.items)} tenders in ${out.pages} pages, ${formatInt(out.charged)} units charged, ${formatInt(out.newTenders)} new — ${STOP_WORDS[out.stoppedBy]}`,
    );
    if (out.stoppedBy === 'balance_exhausted') throw new CliError(out.message, 3);
    if (out.stoppedBy === 'daily_limit') throw new CliError(out.message, 4);
    if (out.stoppedBy === 'license_expired') throw new CliError(out.message, 1);
    if (out.stoppedBy === 'cancelled' || out.stoppedBy === 'spend_cap') {
      if (out.stoppedBy === 'spend_cap') ctx.out.info(`${out.message} ${capStopNote(plan, spent)}`);
      break;
    }
  }
}

// --- filters -------------------------------------------------------------------------------------------------

export async function earlierFiltersCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const a = parseCommandArgs(args, { seen: { type: 'string' } });
  if (a.positionals.length) throw new CliError('usage: filters [--seen FILTER_ID]', 2);
  const wb = await ctx.earlier();
  if (a.values.seen !== undefined) {
    const id = filterIdOf(String(a.values.seen), 'usage: filters --seen FILTER_ID');
    wb.markFilterSeen(id);
  }
  const { filters, fromCache } = await wb.filters({ signal });
  if (fromCache) ctx.out.info(OFFLINE_NOTE);
  for (const f of filters) {
    ctx.out.result(
      {
        id: f.id,
        name: f.name,
        description: f.description,
        autosearch: f.autosearch,
        gone: f.gone,
        cached: f.cachedCount,
        new_since_seen: f.newSinceSeen,
        total: f.total,
        last_sync_at: f.lastSyncAt,
        complete: f.complete,
        offline: fromCache,
      },
      `${f.id}\t${f.name}\t${f.autosearch ? 'autosearch on' : 'AUTOSEARCH OFF'}\tcached ${formatInt(f.cachedCount)}${f.total !== null ? ` of ${formatInt(f.total)}` : ''}\tnew ${formatInt(f.newSinceSeen)}\t${f.lastSyncAt ? `synced ${when(f.lastSyncAt)}${f.complete ? '' : ' (unfinished)'}` : 'never synced'}${f.gone ? '\t(no longer on the server)' : ''}`,
    );
  }
  if (!filters.length) ctx.out.info('no filters: they are made in the web interface of the service');
}

// --- card ----------------------------------------------------------------------------------------------------

export async function earlierCardCommand(ctx: CliContext, args: string[]): Promise<void> {
  const [kind, ...rest] = args;
  if (kind === 'contract') throw new CliError('the earlier API generation has no contract cards: it delivers tenders only', 2);
  if (kind !== 'tender') throw new CliError('usage: card tender ID [--page N] [--limit M]', 2);
  const a = parseCommandArgs(rest, { external: { type: 'boolean' }, page: { type: 'string' }, limit: { type: 'string' } });
  const id = a.positionals[0];
  if (!id || a.positionals.length > 1) throw new CliError('usage: card tender ID [--page N] [--limit M]', 2);
  const page = Number(a.values.page ?? 1);
  const limit = Number(a.values.limit ?? 20);
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw new CliError('--page is 1 or more, --limit is 1..100', 2);
  }
  const wb = await ctx.earlier();
  let tenderId: number;
  if (a.values.external) {
    // The earlier API reads a detail by the internal id only; a platform id is known from the cache.
    const found = viewQueries(wb.cache).byExternalId('tender', id);
    if (found === undefined) throw new CliError(`the platform id ${id} is not in the cache yet: the earlier generation opens a detail by its internal id`);
    tenderId = found;
  } else {
    if (!/^\d{1,15}$/.test(id)) throw new CliError('a tender id is a number; use --external for a platform id already in the cache', 2);
    tenderId = Number(id);
  }
  const opened = await wb.openTender(tenderId, { positionsPage: page, positionsPageSize: limit });
  if (opened.offline) ctx.out.info(`${OFFLINE_NOTE} (version of ${when(String((opened.card as Record<string, unknown>).update_date ?? ''))})`);
  const source = opened.source === 'cache' ? 'cache' : opened.charged ? 'server (charged 1 unit)' : 'server (free: received before)';
  const locale = await cliLocale(ctx);
  ctx.out.result({ source, offline: opened.offline, charged: opened.charged, version: opened.version, card: opened.card }, () => humanCard(opened.card, source, locale));
}

function humanCard(c: Record<string, unknown>, source: string, locale: Locale): string {
  const rec = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
  const named = (v: unknown): string => String(rec(v).name ?? '—');
  const org = rec(c.organization);
  const admin = rec(org.administrator);
  const lines = [
    String(c.name ?? ''),
    `id ${String(c.id)} · ${String(c.etp_id ?? '')} · ${tenderStageNameOf(c, locale)} · ${formatRub(c.price)} · updated ${when(String(c.update_date ?? ''))}`,
    `customer: ${String(org.name ?? '—')} (INN ${String(org.inn ?? '—')}, KPP ${String(org.kpp ?? '—')}) · region: ${named(c.region)} · platform: ${named(c.platform)}`,
    `administrator: ${String(admin.name ?? '—')}, ${String(admin.phone ?? '—')}, ${String(admin.email ?? '—')}`,
    `deadline: ${when(String(c.end_date ?? ''))} · ${named(c.purchase_type)} · ${named(c.placement_type)}`,
  ];
  const lots = Array.isArray(c.lots) ? (c.lots as Record<string, unknown>[]) : [];
  const positions = Array.isArray(c.positions) ? (c.positions as Record<string, unknown>[]) : [];
  for (const lot of lots) {
    lines.push(`lot ${String(lot.ordinal)}: ${String(lot.title ?? '')} — ${formatRub(lot.price)}`);
    for (const p of positions.filter((x) => x.lot_ordinal === lot.ordinal)) {
      lines.push(`  ${String(p.position_ordinal)}. ${String(p.title ?? '')} — ${String(p.quantity ?? '')} ${String(p.unit ?? '')} × ${formatRub(p.price)}`);
    }
  }
  lines.push(`positions: page ${String(c.positions_page)} of ${String(c.positions_pages)} (${formatInt(Number(c.positions_total ?? 0))} in all)`);
  const docs = Array.isArray(c.documents) ? (c.documents as Record<string, unknown>[]) : [];
  for (const d of docs) lines.push(`document: ${String(d.name ?? '')} ${String(d.url ?? '')}`);
  lines.push(`(${source})`);
  return lines.join('\n');
}

// --- favorites -----------------------------------------------------------------------------------------------

export async function earlierFavoritesCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const [sub, ...rest] = args;
  const wb = await ctx.earlier();
  if (sub === 'add' || sub === 'remove') {
    const a = parseCommandArgs(rest, {});
    const etpId = a.positionals[0];
    if (!etpId || a.positionals.length > 1) throw new CliError(`usage: favorites ${sub} ETP_ID`, 2);
    const r = sub === 'add' ? await wb.addFavorite(etpId, { signal }) : await wb.removeFavorite(etpId, { signal });
    ctx.out.result({ etp_id: etpId, success: r.success, is_favorite: r.isFavorite, message: r.message }, r.message || `${etpId}: ${r.isFavorite ? 'a favorite' : 'not a favorite'}`);
    return;
  }
  if (sub === 'updates') {
    parseCommandArgs(rest, {});
    const r = await wb.favoriteUpdates({ signal });
    for (const i of r.items) {
      ctx.out.result(
        { id: i.id, etp_id: i.etpId, name: i.name, update_date: i.updateDate, is_new: i.isNew, charged: i.charged },
        `${i.etpId}\t${i.id}\tupdated ${when(i.updateDate)}\t${i.isNew ? 'NEW (charged 1 unit)' : 'received before (free)'}\t${i.name ?? ''}`,
      );
    }
    ctx.out.info(`${formatInt(r.items.length)} favorites changed since they were added; ${formatInt(r.charged)} units charged`);
    if (r.stoppedBy === 'daily_limit') throw new CliError(r.message ?? 'the daily limit is exhausted', 4);
    if (r.stoppedBy === 'balance_exhausted') throw new CliError(r.message ?? 'the balance is exhausted', 3);
    return;
  }
  if (sub !== undefined && sub !== 'list') throw new CliError('usage: favorites [list] | favorites add ETP_ID | favorites remove ETP_ID | favorites updates', 2);
  parseCommandArgs(rest, {});
  const locale = await cliLocale(ctx);
  const { favorites, fromCache } = await wb.favorites({ signal });
  if (fromCache) ctx.out.info(OFFLINE_NOTE);
  for (const f of favorites) {
    ctx.out.result(
      {
        id: f.id,
        etp_id: f.etpId,
        name: f.name,
        price: f.price,
        status: f.status,
        status_name: tenderStageName(f.status, f.endDate, locale),
        favorited_at: f.favoritedAt,
        update_date: f.updateDate,
        changed_since_added: f.changedSinceAdded,
        cached: f.cached,
        charged: f.charged,
        offline: fromCache,
      },
      `${f.etpId}\t${f.id}\t${f.changedSinceAdded ? 'CHANGED' : 'unchanged'}\tadded ${when(f.favoritedAt)}\t${tenderStageName(f.status, f.endDate, locale)}\t${formatRub(f.price)}\t${f.name ?? ''}`,
    );
  }
  if (!favorites.length) ctx.out.info('no favorites yet: add one with "tenderwb favorites add ETP_ID"');
}

// --- balance and ledger --------------------------------------------------------------------------------------

export async function earlierBalanceCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  parseCommandArgs(args, {});
  const wb = await ctx.earlier();
  const b = await wb.balance({ signal });
  if (b.fromCache) ctx.out.info(`${OFFLINE_NOTE} (read ${when(b.fetchedAt)})`);
  const gauge = (l: (typeof b.limits)['tenders']): string => `${formatInt(l.current)} / ${formatInt(l.limit)} today, ${formatInt(l.remaining)} left`;
  ctx.out.result(
    {
      balance: b.balance,
      limits: b.limits,
      license: b.license,
      next_reset_at: b.nextResetAt,
      blocked_until: b.blockedUntil,
      last_updated: b.lastUpdated,
      offline: b.fromCache,
    },
    () =>
      [
        `tenders: ${formatInt(b.balance.tenders)} (${gauge(b.limits.tenders)})`,
        `contracts: ${formatInt(b.balance.contracts)} (${gauge(b.limits.contracts)})`,
        `protocols: ${formatInt(b.balance.protocols)} (${gauge(b.limits.protocols)})`,
        `license: ${b.license.active ? 'active' : 'NOT ACTIVE'}, until ${when(b.license.endDate)}`,
        `daily limits reset at 00:00 Moscow time: next ${when(b.nextResetAt)}`,
      ].join('\n'),
  );
}

export async function earlierLedgerCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const a = parseCommandArgs(args, { last: { type: 'string' } });
  const last = a.values.last === undefined ? (ctx.out.json ? Infinity : 20) : Number(a.values.last);
  if (!(last > 0)) throw new CliError('--last is a positive number', 2);
  const wb = await ctx.earlier();
  const h = await wb.history({ signal, limit: Number.isFinite(last) ? last : 1_000_000_000 });
  if (h.fromCache) ctx.out.info(OFFLINE_NOTE);
  // Oldest of the chosen first, like the current generation's ledger.
  for (const t of [...h.rows].reverse()) {
    ctx.out.result(
      {
        id: t.id,
        created_at: t.createdAt,
        transaction_type: t.transactionType,
        amount: t.amount,
        balance_type: t.balanceType,
        entity_type: t.entityType,
        entity_id: t.entityId,
        filter_id: t.filterId,
        description: t.description,
        offline: h.fromCache,
      },
      `${t.id}\t${when(t.createdAt)}\t${t.transactionType}\t${t.amount > 0 ? '+' : ''}${t.amount}\t${t.balanceType}\t${t.entityId !== null ? `${t.entityType} ${t.entityId}` : '—'}\t${t.filterId !== null ? `filter ${t.filterId}` : ''}\t${t.description ?? ''}`,
    );
  }
}

// --- export --------------------------------------------------------------------------------------------------

export async function earlierExportCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const locale = await cliLocale(ctx);
  const usage = pick(EXPORT_TEXT.earlierUsage, locale);
  const [what, ...rest] = args;
  if (what === 'list') throw new CliError('lists belong to the current API generation; on this profile export a filter or the favorites', 2);
  if (what !== 'filter' && what !== 'favorites') throw new CliError(usage, 2);
  const a = parseCommandArgs(rest, { out: { type: 'string' }, columns: { type: 'string' }, delimiter: { type: 'string' }, format: { type: 'string' } });
  const out = a.values.out;
  if (typeof out !== 'string') throw new CliError(usage, 2);
  const keepTextAsText = exportFormat(a.values.format, locale);
  const filterId = what === 'filter' ? filterIdOf(a.positionals[0], usage) : null;
  if (a.positionals.length > (what === 'filter' ? 1 : 0)) throw new CliError(usage, 2);
  const delimiter = delimiterOf(a.values.delimiter, locale);
  let columns: readonly CsvColumn[];
  try {
    columns = columnsOf(typeof a.values.columns === 'string' ? a.values.columns : undefined);
  } catch (e) {
    // An unknown or repeated column is a usage error, like an unknown flag.
    throw new CliError(e instanceof Error ? e.message : String(e), 2);
  }
  const wb = await ctx.earlier();
  const opts = {
    columns,
    delimiter,
    keepTextAsText,
    signal,
    onProgress: (n: number, total: number) => ctx.out.progress(pick(EXPORT_TEXT.progress(formatInt(n), formatInt(total)), locale), total ? n / total : undefined),
  };
  let result;
  if (filterId !== null) {
    noteUnsynced(ctx.out, wb, filterId);
    result = await wb.exportFilterCsv(filterId, out, opts);
  } else {
    const { fromCache } = await wb.favorites({ signal });
    if (fromCache) ctx.out.info(pick(EXPORT_TEXT.offlineCopy('favorites'), locale));
    result = await wb.exportFavoritesCsv(out, opts);
  }
  ctx.out.endProgress();
  // Like every export: in the history the app lists, with its provenance beside the file.
  recorded(ctx, await ctx.cache(), out, result.provenance, locale);
  written(ctx, out, result, locale);
}

function noteUnsynced(out: Output, wb: EarlierWorkbench, filterId: number): void {
  const info = wb.filterInfo(filterId);
  if (!info || info.cachedCount === 0) out.info(`filter ${filterId} has no tenders in the cache: run "tenderwb sync ${filterId}" first`);
  else if (!info.complete) out.info(`filter ${filterId} was not synced to the end: the file holds the ${formatInt(info.cachedCount)} tenders cached so far`);
}
