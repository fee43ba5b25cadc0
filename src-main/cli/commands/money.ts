/**
 * `tenderwb balance`, `ledger` and `audit`: thin over the workbench's money and audit use cases
 * (current/money.ts, current/audit.ts), printed for a terminal or as JSON.
 *
 * The audit pulls the ledger first when the server can be reached, as the app's does: at most AUDIT_PULL_PAGES
 * pages after the newest row held (a whole pull of a 58,038-row ledger took 307 s under the rate limit,
 * where the app answered in 0.3 s), so a long ledger arrives over a few runs, each going on where the last one
 * stopped, and says so; `--full` reads the whole rest at once. When the server cannot be reached, it judges from
 * the cache and the last complete ledger pull, says when that pull was, and passes (exit 0) when all is
 * explained, as the app's audit does offline.
 */
import { parseCommandArgs } from '../args';
import { CliError, formatInt } from '../output';
import type { CliContext } from '../context';
import { cliNet, serverReachable } from '../currentNet';
import { usageError } from '../help';
import { moscowMomentText } from '../moscowTime';
import { isNetworkFailure } from '../../workspace/connectivity';
import { auditRow } from '../../audit/auditCache';
import type { AuditVerdict } from '../../audit/reconcile';
import { ledgerPullMark } from '../../cache/ledgerPullMark';
import { auditRun, type AuditRun } from '../../current/audit';
import { filterNamer } from '../../current/filterNames';
import { MoneyUseCases } from '../../current/money';
import { balanceName } from '../../i18n/codes';
import { count, NOUNS } from '../../i18n/plural';
import { text, type Locale, type Text } from '../../i18n/text';

const money = async (ctx: CliContext): Promise<MoneyUseCases> => new MoneyUseCases({ cache: await ctx.cache(), net: cliNet(ctx) });

export async function balanceCommand(ctx: CliContext, args: string[]): Promise<void> {
  const a = parseCommandArgs(args, {});
  if (a.positionals.length) throw usageError('balance');
  const mirror = await (await money(ctx)).pullBalance();
  const b = { balance: mirror.balance, usage_today: mirror.usageToday, last_updated: mirror.lastUpdated };
  const line = (kind: 'tenders' | 'contracts'): string =>
    `${balanceName(kind, ctx.locale)}: ${formatInt(b.balance[kind])} ${ctx.tr(`(сегодня списано ${formatInt(b.usage_today[kind])})`, `(today ${formatInt(b.usage_today[kind])})`)}`;
  ctx.out.result({ balance: b.balance, usage_today: b.usage_today, last_updated: b.last_updated }, `${line('tenders')}\n${line('contracts')}`);
}

export async function ledgerCommand(ctx: CliContext, args: string[]): Promise<void> {
  const a = parseCommandArgs(args, { last: { type: 'string' }, 'by-search': { type: 'boolean' }, days: { type: 'string' } });
  if (a.positionals.length) throw usageError('ledger');
  const wb = await money(ctx);
  await wb.pullLedger();
  if (a.values['by-search'] === true) return spendBySearch(ctx, wb, a.values.days);
  if (a.values.days !== undefined) throw new CliError({ ru: '--days — только вместе с --by-search', en: '--days goes with --by-search' }, 2);
  const last = a.values.last === undefined ? (ctx.out.json ? Infinity : 20) : Number(a.values.last);
  if (!(last > 0)) throw new CliError({ ru: '--last — положительное число', en: '--last is a positive number' }, 2);
  // Each row's filter by its one name, as the app's ledger says it (a deleted saved search's too).
  const searchName = filterNamer(await ctx.cache(), ctx.locale);
  for (const r of wb.lastLedgerRows(last)) {
    const name = searchName(r.filterId);
    ctx.out.result(
      // The API's own ledger row (as the audit reads it), with the time the server gave and the filter's name.
      { ...auditRow(r), created_at: r.createdAt, search_name: name },
      `${r.id}\t${r.createdAt ? moscowMomentText(r.createdAt, ctx.locale) : ''}\t${balanceName(r.balanceType, ctx.locale)}\t${r.amount}\t${r.objectId} v${r.version}\t${name === null ? ctx.tr('карточка', 'card') : `${name} (${r.filterId})`}\t${r.requestId ?? ''}`,
    );
  }
}

/**
 * `ledger --by-search [--days N]`: the units of the last N Moscow days (30 by default) per filter, largest
 * first, each by its one name as the app's spend chart says it (a deleted saved search's and a contract set's
 * too); charges outside any filter (cards) as the app's chart says them, «карточки и прочее».
 */
async function spendBySearch(ctx: CliContext, wb: MoneyUseCases, daysText: unknown): Promise<void> {
  const days = daysText === undefined ? 30 : Number(daysText);
  if (!Number.isInteger(days) || days < 1 || days > 366) throw new CliError({ ru: '--days — целое число дней от 1 до 366', en: '--days is a whole number of days, 1 to 366' }, 2);
  const bySearch = wb.spend(days, ctx.locale).bySearch;
  // Nothing to list is said, not left as an empty screen (a run that charged nothing, a ledger not pulled yet).
  if (bySearch.length === 0) {
    const period = count(days, NOUNS.day, ctx.locale);
    ctx.out.info(days === 1 ? ctx.tr('Сегодня (по Москве) списаний нет.', 'No charges today (Moscow time).') : ctx.tr(`За последние ${period} (по Москве) списаний нет.`, `No charges in the last ${period} (Moscow time).`));
  }
  for (const x of bySearch) {
    ctx.out.result({ filter_id: x.filterId, search_name: x.label, units: x.units }, `${formatInt(x.units)}\t${x.label === null ? ctx.tr('карточки и прочее', 'cards and other') : `${x.label} (${x.filterId})`}`);
  }
}

export async function auditCommand(ctx: CliContext, args: string[]): Promise<void> {
  const a = parseCommandArgs(args, { full: { type: 'boolean' } });
  if (a.positionals.length) throw usageError('audit');
  const cache = await ctx.cache();
  // A bounded pull first when the server answers, the whole rest with --full (which waits for it). A server that
  // cannot be reached (before or during the pull) leaves the cache to judge, against the last complete pull.
  let offline = !(await serverReachable(ctx));
  let run: AuditRun | null = null;
  if (!offline) {
    try {
      // A whole pull of a long ledger takes minutes under the rate limit: a progress line (on a terminal) says how far.
      run = await auditRun({ cache, net: cliNet(ctx) }, a.values.full === true ? 'whole' : 'bounded', (n) =>
        ctx.out.progress(ctx.tr(`журнал списаний: загружено строк ${formatInt(n)}`, `ledger: ${formatInt(n)} rows pulled`)),
      );
    } catch (e) {
      if (!isNetworkFailure(e)) throw e;
      offline = true;
    }
  }
  run ??= await auditRun({ cache, net: cliNet(ctx, { reachable: false }) }, 'cache');
  const v = run.verdict;
  const partial = run.pull === 'partial';
  const lastPull = offline ? (ledgerPullMark(cache).get()?.pulledAt ?? null) : null;
  const missing = shortfalls(v);
  const notUnderstoodRows = rowsNotUnderstood(v);
  const { locale } = ctx;
  const t = ctx.tr.bind(ctx);
  const verdict = v;
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
      // How far this run read the ledger (`partial`: the next run goes on after the newest row held), and whether the
      // charges responses told of were judged against a whole ledger (this pull's, or the last complete one).
      ledger_pull: run.pull,
      ledger_pulled: v.ledgerPulled,
      ...(offline ? { offline: true, ledger_pulled_at: lastPull } : {}),
    },
    () =>
      [
        ...(offline ? [offlineNote(lastPull, verdict.ledgerPulled, locale)] : []),
        ...(partial ? [partialNote(verdict, locale)] : []),
        t(
          `строк журнала: ${formatInt(v.rows)}, из них сопоставлено с полученными здесь версиями: ${formatInt(v.matched)}${v.matchedByRequest ? ` (по номеру запроса: ${formatInt(v.matchedByRequest)})` : ''}`,
          `${formatInt(v.rows)} ledger rows, ${formatInt(v.matched)} match a delivery held locally${v.matchedByRequest ? ` (${formatInt(v.matchedByRequest)} by their request)` : ''}`,
        ),
        `${t('повторные списания', 'repeat charges')}: ${v.repeatCharges.length}${v.repeatCharges
          .slice(0, 10)
          .map((r) => `\n  ${r.kind} ${r.id} v${r.version}: ${t('строки журнала', 'ledger rows')} ${r.ledgerIds.join(', ')}`)
          .join('')}`,
        `${t('необъяснённые строки', 'unexplained rows')}: ${v.unexplained.length}${v.unexplained
          .slice(0, 10)
          .map((r) => `\n  ${t('строка', 'row')} ${r.id}: ${balanceName(r.balance_type, locale)} ${r.object_id} v${r.version} (${r.request_id ?? t('без номера запроса', 'no request id')})`)
          .join('')}`,
        `${t('получено, но не разобрано (ответ сохранён и будет разобран после обновления)', 'delivered but not understood (kept raw, read again after an upgrade)')}: ${notUnderstoodRows}${v.notUnderstood
          .slice(0, 10)
          .map((q) => `\n  ${t('карантин', 'quarantine')} ${q.quarantineId}: ${q.route}, ${moscowMomentText(q.receivedAt, locale)} (${q.reason}): ${t('строки журнала', 'ledger rows')} ${q.ledgerIds.join(', ')}`)
          .join('')}`,
        t(`по ответам сервера списано: закупки — ${formatInt(v.seen.tenders)}, контракты — ${formatInt(v.seen.contracts)}`, `charged as responses said: tenders ${formatInt(v.seen.tenders)}, contracts ${formatInt(v.seen.contracts)}`),
        `${t('списаний нет в журнале', 'charges missing from the ledger')}: ${missing}${[
          ...v.missingByRequest
            .slice(0, 10)
            .map((m) =>
              t(
                `ответ ${m.requestId} (${m.via}, ${balanceName(m.balanceType, locale)}): ${m.stated ? 'сообщил о списании' : 'отмечено предметов'} ${m.said}, в журнале ${m.inLedger}`,
                `response ${m.requestId} (${m.via}, ${m.balanceType}): ${m.stated ? 'said' : 'items flagged'} ${m.said}, ledger has ${m.inLedger}`,
              ),
            ),
          ...v.missingByBalance.map((m) =>
            t(`${balanceName(m.balanceType, locale)}: по ответам списано ${formatInt(m.seen)}, в журнале ${formatInt(m.inLedger)}`, `${m.balanceType}: responses charged ${formatInt(m.seen)}, ledger has ${formatInt(m.inLedger)}`),
          ),
          ...v.overLedger.map((o) =>
            t(
              `${balanceName(o.balanceType, locale)}: ${o.figure === 'period_total' ? 'списано за период по ответам сервера' : 'списано сегодня по данным баланса'} ${formatInt(o.value)} — больше, чем в журнале (${formatInt(o.inLedger)})`,
              `${o.balanceType}: ${o.figure} ${formatInt(o.value)} is above the ledger's ${formatInt(o.inLedger)}`,
            ),
          ),
        ]
          .map((line) => `\n  ${line}`)
          .join('')}`,
        ...(v.unattributed ? [t(`строк журнала без номера запроса: ${v.unattributed} (их баланс сверяется только в сумме)`, `ledger rows without a request id: ${v.unattributed} (their balance is checked in total only)`)] : []),
        v.vacuous
          ? t('итог: НЕ ПРОЙДЕНА — журнал пуст, хотя списания были: проверять нечего', 'verdict: FAILED, the ledger has no rows although charges were made: nothing was checked')
          : v.ok
            ? t('итог: каждое списание объяснено, ничего не оплачено дважды, все списания есть в журнале', 'verdict: every charge is explained, nothing was paid twice, no charge is missing from the ledger')
            : t('итог: НАЙДЕНЫ РАСХОЖДЕНИЯ', 'verdict: PROBLEMS FOUND'),
      ].join('\n'),
  );
  if (!v.ok) throw new CliError(offline && lastPull === null && v.rows === 0 ? NEVER_PULLED : auditFailure(v));
}

/** Offline, before the ledger was ever pulled: there is nothing to judge against, which is not a shortfall of the ledger. */
const NEVER_PULLED = text(
  'журнал списаний ещё ни разу не загружался, а связи с сервером нет: сверять не с чем — выполните tenderwb audit, когда сервер будет доступен',
  'the ledger was never pulled and the server cannot be reached: there is nothing to audit against; run "tenderwb audit" once the server can be reached',
);

/** Offline: what the audit judged against, and since when. */
function offlineNote(pulledAt: string | null, pulled: boolean, locale: Locale): string {
  const when = pulledAt === null ? null : moscowMomentText(pulledAt, locale);
  const t: Text =
    when === null
      ? text(
          'Нет связи с сервером: сверка по кэшу; журнал списаний ещё ни разу не загружался полностью, поэтому списания из ответов с ним не сверены.',
          'The server cannot be reached: audited from the cache; the ledger was never pulled whole, so the charges responses told of are not compared with it.',
        )
      : pulled
        ? text(`Нет связи с сервером: сверка по кэшу и журналу списаний, загруженному ${when}.`, `The server cannot be reached: audited from the cache and the ledger as pulled at ${when}.`)
        : text(
            `Нет связи с сервером: сверка по кэшу и журналу списаний, загруженному ${when}; списания после этого времени с журналом не сверены.`,
            `The server cannot be reached: audited from the cache and the ledger as pulled at ${when}; charges after then are not compared with it.`,
          );
  return locale === 'en' ? t.en : t.ru;
}

/** A bounded pull that stopped before the ledger's end: what was judged, and that the next run goes on. */
function partialNote(v: AuditVerdict, locale: Locale): string {
  const t: Text = v.ledgerPulled
    ? text(
        `Журнал списаний загружен не весь (в кэше строк: ${formatInt(v.rows)}): списания из ответов сверены с журналом последней полной загрузки. Следующий запуск tenderwb audit продолжит загрузку с этого места; tenderwb audit --full загрузит журнал до конца сразу.`,
        `The ledger was not pulled whole (${formatInt(v.rows)} rows held): the charges responses told of were checked against the last complete pull. The next "tenderwb audit" goes on from here; "tenderwb audit --full" pulls the rest of the ledger at once.`,
      )
    : text(
        `Журнал списаний загружен не весь (в кэше строк: ${formatInt(v.rows)}): сверены загруженные строки, а списания из ответов сверятся с журналом, когда он будет загружен до конца. Следующий запуск tenderwb audit продолжит загрузку с этого места; tenderwb audit --full загрузит журнал до конца сразу.`,
        `The ledger was not pulled whole (${formatInt(v.rows)} rows held): the rows held were audited; the charges responses told of are checked once it is pulled to its end. The next "tenderwb audit" goes on from here; "tenderwb audit --full" pulls the rest of the ledger at once.`,
      );
  return locale === 'en' ? t.en : t.ru;
}

const shortfalls = (v: AuditVerdict): number => v.missingByRequest.length + v.missingByBalance.length + v.overLedger.length;
const rowsNotUnderstood = (v: AuditVerdict): number => v.notUnderstood.reduce((n, q) => n + q.ledgerIds.length, 0);

/** The one-line reason of a failed audit. */
function auditFailure(v: AuditVerdict): Text {
  if (v.vacuous) {
    const seen = v.seen.tenders + v.seen.contracts;
    return seen > 0
      ? text(
          `в журнале списаний нет строк, хотя по ответам сервера списано ${formatInt(seen)} ед.: журнал не показывает, что было списано`,
          `audit has no ledger rows to check although responses charged ${formatInt(seen)} units: the ledger does not list what was charged`,
        )
      : text(
          'в журнале списаний нет строк, хотя period_total или usage_today сервера показывают списания: журнал не показывает, что было списано',
          "audit has no ledger rows to check although the server's period_total or usage_today shows charges: the ledger does not list what was charged",
        );
  }
  const ru = [`сверка нашла повторных списаний: ${v.repeatCharges.length}, необъяснённых строк: ${v.unexplained.length}`];
  const en = [`audit found ${v.repeatCharges.length} repeat charges and ${v.unexplained.length} unexplained rows`];
  if (v.notUnderstood.length) {
    ru.push(`строк получено, но не разобрано: ${rowsNotUnderstood(v)}`);
    en.push(`${rowsNotUnderstood(v)} rows delivered but not understood`);
  }
  if (shortfalls(v)) {
    ru.push(`недостач журнала против списаний из ответов: ${shortfalls(v)}`);
    en.push(`${shortfalls(v)} shortfalls of the ledger against the charges responses showed`);
  }
  return text(ru.join(', '), en.join(', '));
}
