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
import { EXPORT_TEXT } from '../exportText';
import { outTarget, recorded, written } from '../exportRecord';
import { CliError, formatInt, formatRub } from '../output';
import type { CliContext } from '../context';
import { capStopNote, parseSpendFlags, planCliSpend } from '../spendCap';
import { timestampMs } from '../../api/earlier/limits';
import { usageError } from '../help';
import { moscowMomentText } from '../moscowTime';
import { columnsOrRefuse, delimiterOf, exportFormat } from '../exportFormat';
import { balanceName, tenderStageName, tenderStageNameOf } from '../../i18n/codes';
import { pick, text, type Locale, type Text } from '../../i18n/text';
import { TENDER_COLUMNS } from '../../export/csv';
import { viewQueries } from '../../cache/viewQueries';
import { columnsOf, type EarlierSyncOutcome, type EarlierWorkbench } from '../../earlier/index';
import type { CsvColumn } from '../../export/csv';

const OFFLINE_NOTE = text('нет связи с сервером: показана копия из кэша', 'offline: the server cannot be reached, showing the copy stored in the cache');

function filterIdOf(raw: string | undefined, usage: CliError): number {
  if (raw === undefined || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw usage;
  return Number(raw);
}

/** A moment of the earlier API (Moscow time when it states no offset), as the CLI writes moments; «—» for none. */
const whenText = (iso: string | null | undefined, locale: Locale): string => {
  const ms = timestampMs(iso);
  return ms === null ? '—' : moscowMomentText(new Date(ms).toISOString(), locale);
};

// --- sync ----------------------------------------------------------------------------------------------------

const STOP_WORDS: Record<EarlierSyncOutcome['stoppedBy'], Text> = {
  done: text('всё загружено', 'up to date'),
  spend_cap: text('остановлено на лимите трат', 'stopped at the spend cap'),
  balance_exhausted: text('остановлено: баланс исчерпан', 'stopped: balance exhausted'),
  daily_limit: text('остановлено: дневной лимит исчерпан', 'stopped: daily limit reached'),
  cancelled: text('отменено', 'cancelled'),
  autosearch_off: text('автопоиск выключен', 'auto search is off'),
  license_expired: text('остановлено: лицензия не действует', 'stopped: license not active'),
  error: text('ошибка', 'failed'),
};

/**
 * Why an earlier-generation sync stopped short, in the run's language: the sync's own sentence is Russian (it
 * names the counts and, for the daily limit, when it resets); the English one is made from the same facts.
 */
function stopMessage(out: EarlierSyncOutcome, locale: Locale): string {
  if (locale === 'ru') return out.message;
  const stored = `${formatInt(out.items)} tenders stored (${out.pages} pages), ${formatInt(out.charged)} units charged`;
  switch (out.stoppedBy) {
    case 'daily_limit':
      return `The daily limit of new tenders is used up: the service gives no new tenders until it resets at 00:00 Moscow time${out.resetAt ? ` (${whenText(out.resetAt, 'en')})` : ''}. The sync stopped, ${stored}; run it after the reset and it continues from the same place with no repeat charge.`;
    case 'balance_exhausted':
      return `The tender balance is exhausted: no new tenders until it is topped up (through your account manager). The sync stopped, ${stored}; run it again after the top-up and it continues from the same place with no repeat charge.`;
    case 'license_expired':
      return `The API license is not active: renew it through your account manager. The sync stopped, ${stored}.`;
    case 'autosearch_off':
      return 'Auto search of this filter is off: the service collects nothing for it. Switch it on in the service’s web interface.';
    case 'spend_cap':
      return `The spend cap was reached: ${stored}. The next run continues from the same place.`;
    case 'cancelled':
      return `The sync was cancelled: ${stored}. The next run continues from the same place with no repeat charge.`;
    default:
      return `The sync stopped (${out.stoppedBy}): ${stored}.`;
  }
}

export async function earlierSyncCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const usage = usageError('sync', undefined, { ru: 'в профиле раннего поколения фильтры — номера (tenderwb filters)', en: 'on an earlier-generation profile filters are numbers (see "tenderwb filters")' });
  const a = parseCommandArgs(args, { all: { type: 'boolean' }, 'max-spend': { type: 'string' }, 'no-cap': { type: 'boolean' }, contracts: { type: 'boolean' }, follow: { type: 'boolean' } });
  if (a.values.contracts) throw new CliError({ ru: 'раннее поколение API поставляет только закупки: --contracts здесь не применяется', en: 'the earlier API generation delivers tenders only: --contracts does not apply' }, 2);
  if (a.values.follow) {
    throw new CliError({ ru: 'у раннего поколения API нет живой ленты для слежения: чтобы получить новое, снова выполните sync FILTER_ID', en: 'the earlier API generation has no live feed to follow: run "sync FILTER_ID" again to pull what is new' }, 2);
  }
  const flags = parseSpendFlags(a.values);
  if (a.values.all && a.positionals.length) throw new CliError({ ru: 'укажите номер фильтра или --all, но не оба', en: 'give a filter id or --all, not both' }, 2);
  if (!a.values.all && a.positionals.length !== 1) throw usage;
  const wb = await ctx.earlier();
  let targets: number[];
  if (a.values.all) {
    const { filters } = await wb.filters({ signal });
    for (const f of filters.filter((x) => !x.gone && !x.autosearch)) {
      ctx.out.info(ctx.tr(`фильтр ${f.id} «${f.name}»: автопоиск выключен в веб-интерфейсе, пропущен`, `filter ${f.id} «${f.name}»: auto search is off in the web interface, skipped`));
    }
    targets = filters.filter((f) => !f.gone && f.autosearch).map((f) => f.id);
    if (!targets.length) throw new CliError({ ru: 'нет фильтров с включённым автопоиском: включите его в веб-интерфейсе сервиса', en: 'no filter with auto search on: switch it on in the web interface of the service' });
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
          ctx.tr(
            `фильтр ${filterId}: страница ${p.page} (по ${p.pageSize}), закупок ${formatInt(p.offset)}${p.total !== null ? ` / ${formatInt(p.total)}` : ''}, ${formatInt(p.charged)} ед.`,
            `filter ${filterId}: page ${p.page} (${p.pageSize}/page), ${formatInt(p.offset)}${p.total !== null ? ` / ${formatInt(p.total)}` : ''} tenders, ${formatInt(p.charged)} units`,
          ),
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
          ? stopMessage(out, ctx.locale)
          : ctx.tr(
              `фильтр ${out.filterId} «${out.filterName ?? ''}»: закупок ${formatInt(out.items)} на ${out.pages} стр., списано ${formatInt(out.charged)} ед., новых ${formatInt(out.newTenders)} — ${STOP_WORDS[out.stoppedBy].ru}`,
              `filter ${out.filterId} «${out.filterName ?? ''}»: ${formatInt(out.items)} tenders in ${out.pages} pages, ${formatInt(out.charged)} units charged, ${formatInt(out.newTenders)} new — ${STOP_WORDS[out.stoppedBy].en}`,
            ),
    );
    const why = { ru: stopMessage(out, 'ru'), en: stopMessage(out, 'en') };
    if (out.stoppedBy === 'balance_exhausted') throw new CliError(why, 3);
    if (out.stoppedBy === 'daily_limit') throw new CliError(why, 4);
    if (out.stoppedBy === 'license_expired') throw new CliError(why, 1);
    if (out.stoppedBy === 'cancelled' || out.stoppedBy === 'spend_cap') {
      if (out.stoppedBy === 'spend_cap') ctx.out.info(`${stopMessage(out, ctx.locale)} ${capStopNote(plan, spent, ctx.locale)}`);
      break;
    }
  }
}

// --- filters -------------------------------------------------------------------------------------------------

export async function earlierFiltersCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const a = parseCommandArgs(args, { seen: { type: 'string' } });
  if (a.positionals.length) throw usageError('filters');
  const wb = await ctx.earlier();
  if (a.values.seen !== undefined) {
    const id = filterIdOf(String(a.values.seen), usageError('filters'));
    wb.markFilterSeen(id);
  }
  const { filters, fromCache } = await wb.filters({ signal });
  if (fromCache) ctx.out.info(pick(OFFLINE_NOTE, ctx.locale));
  const t = ctx.tr.bind(ctx);
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
      `${f.id}\t${f.name}\t${f.autosearch ? t('автопоиск включён', 'autosearch on') : t('АВТОПОИСК ВЫКЛЮЧЕН', 'AUTOSEARCH OFF')}\t${t('в кэше', 'cached')} ${formatInt(f.cachedCount)}${f.total !== null ? ` ${t('из', 'of')} ${formatInt(f.total)}` : ''}\t${t('новых', 'new')} ${formatInt(f.newSinceSeen)}\t${
        f.lastSyncAt ? `${t('загружен', 'synced')} ${whenText(f.lastSyncAt, ctx.locale)}${f.complete ? '' : t(' (не до конца)', ' (unfinished)')}` : t('не загружался', 'never synced')
      }${f.gone ? t('\t(на сервере его больше нет)', '\t(no longer on the server)') : ''}`,
    );
  }
  if (!filters.length) ctx.out.info(t('фильтров нет: они создаются в веб-интерфейсе сервиса', 'no filters: they are made in the web interface of the service'));
}

// --- card ----------------------------------------------------------------------------------------------------

export async function earlierCardCommand(ctx: CliContext, args: string[]): Promise<void> {
  const [kind, ...rest] = args;
  if (kind === 'contract') throw new CliError({ ru: 'у раннего поколения API нет карточек контрактов: оно поставляет только закупки', en: 'the earlier API generation has no contract cards: it delivers tenders only' }, 2);
  if (kind !== 'tender') throw usageError('card', 'tender');
  const a = parseCommandArgs(rest, { external: { type: 'boolean' }, page: { type: 'string' }, limit: { type: 'string' } });
  const id = a.positionals[0];
  if (!id || a.positionals.length > 1) throw usageError('card', 'tender');
  const page = Number(a.values.page ?? 1);
  const limit = Number(a.values.limit ?? 20);
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw new CliError({ ru: '--page — 1 или больше, --limit — от 1 до 100', en: '--page is 1 or more, --limit is 1..100' }, 2);
  }
  const wb = await ctx.earlier();
  let tenderId: number;
  if (a.values.external) {
    // The earlier API reads a detail by the internal id only; a platform id is known from the cache.
    const found = viewQueries(wb.cache).byExternalId('tender', id);
    if (found === undefined) {
      throw new CliError({
        ru: `номера площадки ${id} ещё нет в кэше: раннее поколение открывает карточку по внутреннему ID`,
        en: `the platform id ${id} is not in the cache yet: the earlier generation opens a detail by its internal id`,
      });
    }
    tenderId = found;
  } else {
    if (!/^\d{1,15}$/.test(id)) throw new CliError({ ru: 'ID закупки — число; номер площадки, который уже есть в кэше, — с --external', en: 'a tender id is a number; use --external for a platform id already in the cache' }, 2);
    tenderId = Number(id);
  }
  const opened = await wb.openTender(tenderId, { positionsPage: page, positionsPageSize: limit });
  const card = opened.card as Record<string, unknown>;
  if (opened.offline) ctx.out.info(`${pick(OFFLINE_NOTE, ctx.locale)} (${ctx.tr('версия от', 'version of')} ${whenText(String(card.update_date ?? ''), ctx.locale)})`);
  const source = opened.source === 'cache' ? 'cache' : opened.charged ? 'server (charged 1 unit)' : 'server (free: received before)';
  const sourceText =
    opened.source === 'cache' ? ctx.tr('из кэша — бесплатно', 'from the cache, free') : opened.charged ? ctx.tr('с сервера — списана 1 ед.', 'from the server, 1 unit charged') : ctx.tr('с сервера — бесплатно: уже была получена', 'from the server, free: received before');
  // The stage as every surface names it (the earlier generation's status id read by domain/tenderStage.ts).
  const words = { status_name: tenderStageNameOf(card, ctx.locale) };
  ctx.out.result({ source, offline: opened.offline, charged: opened.charged, version: opened.version, card: opened.card, ...words }, () => humanCard(ctx, card, sourceText, words.status_name));
}

function humanCard(ctx: CliContext, c: Record<string, unknown>, source: string, statusName: string): string {
  const t = ctx.tr.bind(ctx);
  const when = (iso: string): string => whenText(iso, ctx.locale);
  const rec = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
  const named = (v: unknown): string => String(rec(v).name ?? '—');
  const org = rec(c.organization);
  const admin = rec(org.administrator);
  const lines = [
    String(c.name ?? ''),
    `ID ${String(c.id)} · ${t('извещение', 'notice')} ${String(c.etp_id ?? '—')} · ${statusName} · ${formatRub(c.price)} · ${t('изменена', 'updated')} ${when(String(c.update_date ?? ''))}`,
    `${t('Заказчик', 'Customer')}: ${String(org.name ?? '—')} (${t('ИНН', 'INN')} ${String(org.inn ?? '—')}, ${t('КПП', 'KPP')} ${String(org.kpp ?? '—')}) · ${t('регион', 'region')}: ${named(c.region)} · ${t('площадка', 'platform')}: ${named(c.platform)}`,
    `${t('Контактное лицо', 'Contact')}: ${String(admin.name ?? '—')}, ${String(admin.phone ?? '—')}, ${String(admin.email ?? '—')}`,
    `${t('Подача заявок до', 'Bids until')} ${when(String(c.end_date ?? ''))} · ${named(c.purchase_type)} · ${named(c.placement_type)}`,
  ];
  const lots = Array.isArray(c.lots) ? (c.lots as Record<string, unknown>[]) : [];
  const positions = Array.isArray(c.positions) ? (c.positions as Record<string, unknown>[]) : [];
  for (const lot of lots) {
    lines.push(`${t('лот', 'lot')} ${String(lot.ordinal)}: ${String(lot.title ?? '')} — ${formatRub(lot.price)}`);
    for (const p of positions.filter((x) => x.lot_ordinal === lot.ordinal)) {
      lines.push(`  ${String(p.position_ordinal)}. ${String(p.title ?? '')} — ${String(p.quantity ?? '')} ${String(p.unit ?? '')} × ${formatRub(p.price)}`);
    }
  }
  lines.push(
    t(
      `позиции: страница ${String(c.positions_page)} из ${String(c.positions_pages)} (всего ${formatInt(Number(c.positions_total ?? 0))})`,
      `positions: page ${String(c.positions_page)} of ${String(c.positions_pages)} (${formatInt(Number(c.positions_total ?? 0))} in all)`,
    ),
  );
  const docs = Array.isArray(c.documents) ? (c.documents as Record<string, unknown>[]) : [];
  for (const d of docs) lines.push(`${t('документ', 'document')}: ${String(d.name ?? '')} ${String(d.url ?? '')}`);
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
    if (!etpId || a.positionals.length > 1) throw usageError('favorites', sub);
    const r = sub === 'add' ? await wb.addFavorite(etpId, { signal }) : await wb.removeFavorite(etpId, { signal });
    // The server's own words stay in --json (`message`); the line says what is now true, in the run's language.
    ctx.out.result({ etp_id: etpId, success: r.success, is_favorite: r.isFavorite, message: r.message }, `${etpId}: ${r.isFavorite ? ctx.tr('в избранном', 'a favorite') : ctx.tr('не в избранном', 'not a favorite')}`);
    return;
  }
  if (sub === 'updates') {
    parseCommandArgs(rest, {});
    const r = await wb.favoriteUpdates({ signal });
    for (const i of r.items) {
      ctx.out.result(
        { id: i.id, etp_id: i.etpId, name: i.name, update_date: i.updateDate, is_new: i.isNew, charged: i.charged },
        `${i.etpId}\t${i.id}\t${ctx.tr('изменена', 'updated')} ${whenText(i.updateDate, ctx.locale)}\t${i.isNew ? ctx.tr('НОВАЯ ВЕРСИЯ (списана 1 ед.)', 'NEW (charged 1 unit)') : ctx.tr('уже получена (бесплатно)', 'received before (free)')}\t${i.name ?? ''}`,
      );
    }
    ctx.out.info(ctx.tr(`избранных, изменившихся после добавления: ${formatInt(r.items.length)}; списано ${formatInt(r.charged)} ед.`, `${formatInt(r.items.length)} favorites changed since they were added; ${formatInt(r.charged)} units charged`));
    if (r.stoppedBy === 'daily_limit') {
      throw new CliError({ ru: r.message ?? 'дневной лимит исчерпан', en: 'the daily limit is exhausted: what was read is stored; the rest after 00:00 Moscow time' }, 4);
    }
    if (r.stoppedBy === 'balance_exhausted') throw new CliError({ ru: r.message ?? 'баланс исчерпан', en: 'the balance is exhausted: what was read is stored; top it up to read the rest' }, 3);
    return;
  }
  if (sub !== undefined && sub !== 'list') throw usageError('favorites', undefined, { ru: `нет подкоманды «${sub}»`, en: `no subcommand "${sub}"` });
  parseCommandArgs(rest, {});
  const { favorites, fromCache } = await wb.favorites({ signal });
  if (fromCache) ctx.out.info(pick(OFFLINE_NOTE, ctx.locale));
  for (const f of favorites) {
    ctx.out.result(
      {
        id: f.id,
        etp_id: f.etpId,
        name: f.name,
        price: f.price,
        status: f.status,
        status_name: tenderStageName(f.status, f.endDate, ctx.locale),
        favorited_at: f.favoritedAt,
        update_date: f.updateDate,
        changed_since_added: f.changedSinceAdded,
        cached: f.cached,
        charged: f.charged,
        offline: fromCache,
      },
      `${f.etpId}\t${f.id}\t${f.changedSinceAdded ? ctx.tr('ИЗМЕНЕНА', 'CHANGED') : ctx.tr('без изменений', 'unchanged')}\t${ctx.tr('добавлена', 'added')} ${whenText(f.favoritedAt, ctx.locale)}\t${tenderStageName(f.status, f.endDate, ctx.locale)}\t${formatRub(f.price)}\t${f.name ?? ''}`,
    );
  }
  if (!favorites.length) ctx.out.info(ctx.tr('избранного пока нет: добавьте закупку (tenderwb favorites add ETP_ID)', 'no favorites yet: add one with "tenderwb favorites add ETP_ID"'));
}

// --- balance and ledger --------------------------------------------------------------------------------------

export async function earlierBalanceCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const parsed = parseCommandArgs(args, {});
  if (parsed.positionals.length) throw usageError('balance');
  const wb = await ctx.earlier();
  const b = await wb.balance({ signal });
  const when = (iso: string | null | undefined): string => whenText(iso, ctx.locale);
  if (b.fromCache) ctx.out.info(`${pick(OFFLINE_NOTE, ctx.locale)} (${ctx.tr('прочитано', 'read')} ${when(b.fetchedAt)})`);
  const gauge = (l: (typeof b.limits)['tenders']): string =>
    ctx.tr(`сегодня ${formatInt(l.current)} из ${formatInt(l.limit)}, осталось ${formatInt(l.remaining)}`, `${formatInt(l.current)} / ${formatInt(l.limit)} today, ${formatInt(l.remaining)} left`);
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
        `${balanceName('tenders', ctx.locale)}: ${formatInt(b.balance.tenders)} (${gauge(b.limits.tenders)})`,
        `${balanceName('contracts', ctx.locale)}: ${formatInt(b.balance.contracts)} (${gauge(b.limits.contracts)})`,
        `${balanceName('protocols', ctx.locale)}: ${formatInt(b.balance.protocols)} (${gauge(b.limits.protocols)})`,
        ctx.tr(`лицензия: ${b.license.active ? 'действует' : 'НЕ ДЕЙСТВУЕТ'}, до ${when(b.license.endDate)}`, `license: ${b.license.active ? 'active' : 'NOT ACTIVE'}, until ${when(b.license.endDate)}`),
        ctx.tr(`дневные лимиты сбрасываются в 00:00 МСК: следующий сброс ${when(b.nextResetAt)}`, `daily limits reset at 00:00 Moscow time: next ${when(b.nextResetAt)}`),
      ].join('\n'),
  );
}

export async function earlierLedgerCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const a = parseCommandArgs(args, { last: { type: 'string' } });
  const last = a.values.last === undefined ? (ctx.out.json ? Infinity : 20) : Number(a.values.last);
  if (a.positionals.length) throw usageError('ledger');
  if (!(last > 0)) throw new CliError({ ru: '--last — положительное число', en: '--last is a positive number' }, 2);
  const wb = await ctx.earlier();
  const h = await wb.history({ signal, limit: Number.isFinite(last) ? last : 1_000_000_000 });
  if (h.fromCache) ctx.out.info(pick(OFFLINE_NOTE, ctx.locale));
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
      `${t.id}\t${whenText(t.createdAt, ctx.locale)}\t${t.transactionType}\t${t.amount > 0 ? '+' : ''}${t.amount}\t${balanceName(t.balanceType, ctx.locale)}\t${t.entityId !== null ? `${t.entityType} ${t.entityId}` : '—'}\t${t.filterId !== null ? `${ctx.tr('фильтр', 'filter')} ${t.filterId}` : ''}\t${t.description ?? ''}`,
    );
  }
}

// --- export --------------------------------------------------------------------------------------------------

export async function earlierExportCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const locale = await cliLocale(ctx);
  const usage = new CliError(EXPORT_TEXT.earlierUsage, 2);
  const [what, ...rest] = args;
  if (what === 'list') {
    throw new CliError({ ru: 'списки относятся к текущему поколению API; в этом профиле выгружаются фильтр или избранное', en: 'lists belong to the current API generation; on this profile export a filter or the favorites' }, 2);
  }
  if (what !== 'filter' && what !== 'favorites') throw usage;
  const a = parseCommandArgs(rest, { out: { type: 'string' }, columns: { type: 'string' }, delimiter: { type: 'string' }, format: { type: 'string' } });
  const out = a.values.out;
  if (typeof out !== 'string') throw usage;
  const delimiter = delimiterOf(a.values.delimiter, locale);
  const keepTextAsText = exportFormat(a.values.format, locale, delimiter);
  const filterId = what === 'filter' ? filterIdOf(a.positionals[0], usage) : null;
  if (a.positionals.length > (what === 'filter' ? 1 : 0)) throw usage;
  const target = outTarget(ctx, out);
  // An unknown or repeated column is a usage error, like an unknown flag.
  const columns: readonly CsvColumn[] = typeof a.values.columns === 'string' ? columnsOrRefuse(TENDER_COLUMNS, a.values.columns, locale) : columnsOf(undefined);
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
    noteUnsynced(ctx, wb, filterId);
    result = await wb.exportFilterCsv(filterId, target, opts);
  } else {
    const { fromCache } = await wb.favorites({ signal });
    if (fromCache) ctx.out.info(pick(EXPORT_TEXT.offlineCopy('favorites'), locale));
    result = await wb.exportFavoritesCsv(target, opts);
  }
  ctx.out.endProgress();
  // Like every export: in the history the app lists, with its provenance beside the file.
  recorded(ctx, await ctx.cache(), out, result.provenance, locale, target);
  written(ctx, out, result, locale);
}

function noteUnsynced(ctx: CliContext, wb: EarlierWorkbench, filterId: number): void {
  const info = wb.filterInfo(filterId);
  if (!info || info.cachedCount === 0) {
    ctx.out.info(ctx.tr(`в кэше нет закупок фильтра ${filterId}: сначала выполните tenderwb sync ${filterId}`, `filter ${filterId} has no tenders in the cache: run "tenderwb sync ${filterId}" first`));
  } else if (!info.complete) {
    ctx.out.info(
      ctx.tr(
        `фильтр ${filterId} загружен не до конца: в файле закупки, которые уже есть в кэше (${formatInt(info.cachedCount)})`,
        `filter ${filterId} was not synced to the end: the file holds the ${formatInt(info.cachedCount)} tenders cached so far`,
      ),
    );
  }
}
