/**
 * `tenderwb calendar --out FILE.ics [--list LIST_ID | --label L | --tag T... --status S...]`: the
 * deadlines of marked tenders (all of them, or those with every --tag and one of the --status), of a list or
 * of a saved search, as an ICS file any calendar imports (src-main/calendar/: one event per deadline, stable
 * UIDs, a reminder one working day before). From the cache: offline and free. Words and the file's texts follow
 * the app's language; `--json` prints one object: the file, the count and the count by kind, the scope's tenders
 * and how many of them are held. Tenders of the
 * scope the cache does not hold (a list's members not loaded, a marked id) are named on stderr with the command
 * that loads them.
 *
 * A VEVENT links to the notice only when its tender's card is held (only a card carries `source_url`). Events
 * whose tender's card was never opened are counted on stderr with the flag that fixes it: `--open-cards` opens
 * those cards first through the enrichment's run (current/enrich.ts: free for the versions held, one unit at
 * worst per card when the server has a newer version), capped like every paid run (`--max-spend N`, `--no-cap`,
 * else the default cap; cli/spendCap.ts).
 */
import { parseCommandArgs } from '../args';
import { usageError } from '../help';
import type { CliContext } from '../context';
import { CliError, formatInt } from '../output';
import { capStopNote, parseSpendFlags, planCliSpend } from '../spendCap';
import { cliLocale, inUserLanguage, userError } from '../cliLocale';
import { statusArgument } from './marks';
import { scopeCalendar, writeCalendarFile } from '../../calendar/index';
import { outTarget, recorded } from '../exportRecord';
import { findSaved } from '../../current/savedSearches';
import { CALENDAR_EVENT_KINDS, type CalendarScope } from '../../domain/calendar';
import { calendarEventKindName, CALENDAR_EVENT_GENITIVE, CALENDAR_EVENT_NOUN } from '../../i18n/calendarText';
import { enrichText } from '../../i18n/enrichText';
import { count, NOUNS, pluralForm } from '../../i18n/plural';
import type { Locale } from '../../i18n/text';
import type { CacheDb } from '../../cache/database';


const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v === undefined ? [] : [String(v)]);

function scopeOf(cache: CacheDb, values: Record<string, unknown>, locale: Locale): CalendarScope {
  const tags = strings(values.tag).map((t) => t.trim());
  const statuses = strings(values.status).map((s) => statusArgument(s, locale));
  const list = values.list === undefined ? undefined : String(values.list);
  const label = values.label === undefined ? undefined : String(values.label);
  const chosen = [list !== undefined, label !== undefined, tags.length + statuses.length > 0].filter(Boolean).length;
  if (chosen > 1) throw usageError('calendar', undefined, { ru: `укажите одно: --list, --label или отметки (--tag, --status)`, en: `give one of: --list, --label or marks (--tag, --status)` });
  if (tags.some((t) => t === '')) throw userError({ ru: '--tag: имя метки не может быть пустым', en: '--tag: a tag name cannot be empty' }, locale);
  if (list !== undefined) return { kind: 'list', listId: list };
  if (label !== undefined) {
    const search = findSaved(cache, label);
    if (!search) throw userError({ ru: `нет сохранённого поиска «${label}»: укажите его метку или filter_id`, en: `no saved search "${label}": give its label or filter id` }, locale);
    return { kind: 'search', filterId: search.filterId };
  }
  const filter = { ...(tags.length ? { tags } : {}), ...(statuses.length ? { status: statuses } : {}) };
  return Object.keys(filter).length ? { kind: 'marked', filter } : { kind: 'marked' };
}

/** The verb agrees with the count: «1 событие записано», «3 события записаны», «5 событий записано». */
const WRITTEN = { one: 'записано', few: 'записаны', many: 'записано', other: 'записано' };

/** Tenders of the scope the cache does not hold have no dates here: which command loads them. */
function notHeldText(scope: CalendarScope, missing: number, tenders: number, locale: Locale): string {
  const load = scope.kind === 'list' ? `tenderwb list load ${scope.listId}` : scope.kind === 'search' ? `tenderwb sync ${scope.filterId}` : 'tenderwb card tender ID';
  return locale === 'en'
    ? `Not held in the cache: ${missing} of ${count(tenders, NOUNS.tender, locale)}; they have no dates here (load them: ${load})`
    : `Нет в кэше закупок: ${missing} из ${tenders}; их сроков здесь нет (загрузить: ${load})`;
}

/** Events without a link to the notice, and what opening their tenders' cards costs. */
function unlinkedText(events: number, cards: number, worstCase: number, locale: Locale): string {
  return locale === 'en'
    ? `${count(events, CALENDAR_EVENT_NOUN, locale)} without a link to the notice: the cards of ${count(cards, NOUNS.tender, locale)} were never opened. Give --open-cards to open them first (free for versions already paid for; at most ${count(worstCase, NOUNS.unit, locale)} if the server has newer versions)`
    : `У ${count(events, CALENDAR_EVENT_GENITIVE, locale)} нет ссылки на извещение: карточки закупок (${formatInt(cards)}) не открывались. Добавьте --open-cards, чтобы открыть их сначала (бесплатно для уже оплаченных версий; не больше ${count(worstCase, NOUNS.unit, locale)}, если на сервере есть более новые версии)`;
}

/** Opens the cards of the unlinked events' tenders within the run's cap; answers the scope's calendar read again. */
async function openCardsFirst(ctx: CliContext, cache: CacheDb, scope: CalendarScope, tenderIds: number[], values: Record<string, string | boolean | string[] | undefined>, signal: AbortSignal, locale: Locale) {
  const flags = parseSpendFlags({ 'max-spend': values['max-spend'] as string | undefined, 'no-cap': values['no-cap'] as boolean | undefined });
  const wb = await ctx.current();
  const targets = wb.cardTargets('tender', tenderIds);
  const estimate = wb.cardsEstimate(targets, flags.maxSpend);
  ctx.out.info(
    locale === 'en'
      ? `Opening the cards of ${count(estimate.cards, NOUNS.tender, locale)} for their links, about ${Math.max(1, estimate.minutes)} min at ${estimate.perMinute} requests a minute: 0 units for versions already paid for, at most ${count(estimate.worstCase, NOUNS.unit, locale)}`
      : `Открываем карточки закупок ради ссылок: ${formatInt(estimate.cards)}, около ${Math.max(1, estimate.minutes)} мин при ${estimate.perMinute} запросах в минуту; 0 ед. за уже оплаченные версии, не больше ${count(estimate.worstCase, NOUNS.unit, locale)}`,
  );
  const plan = await planCliSpend(ctx.registry.rootDir, cache, flags, estimate.worstCase);
  const outcome = await wb.enrich({
    kinds: ['tender'],
    targets,
    cap: plan.cap ?? Infinity,
    signal,
    onProgress: (p) => ctx.out.progress(locale === 'en' ? `cards: ${p.items} of ${p.total ?? 0}, ${count(p.charged, NOUNS.unit, locale)}` : `карточки: ${p.items} из ${p.total ?? 0}, списано ${count(p.charged, NOUNS.unit, locale)}`, p.total ? p.items / p.total : undefined),
  });
  if (outcome.stoppedBy === 'spend_cap') ctx.out.info(capStopNote(plan, outcome.charged, locale));
  if (outcome.stoppedBy === 'balance_exhausted') throw new CliError(enrichText.balance(locale), 3);
  if (outcome.stoppedBy === 'cancelled') throw new CliError(locale === 'en' ? 'cancelled: no calendar was written' : 'прервано: календарь не записан', 1);
  return scopeCalendar(cache, scope);
}

export async function calendarCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const locale = await cliLocale(ctx);
  const a = parseCommandArgs(args, {
    out: { type: 'string' },
    list: { type: 'string' },
    label: { type: 'string' },
    tag: { type: 'string', multiple: true },
    status: { type: 'string', multiple: true },
    'open-cards': { type: 'boolean' },
    'max-spend': { type: 'string' },
    'no-cap': { type: 'boolean' },
  });
  if (a.positionals.length) throw usageError('calendar');
  if (a.values.out === undefined || String(a.values.out).trim() === '') {
    throw usageError('calendar', undefined, { ru: `укажите файл: --out FILE.ics`, en: `say where to write: --out FILE.ics` });
  }
  const out = String(a.values.out);
  // Before any card is opened for the links: a refused target spends nothing.
  const target = outTarget(ctx, out);
  const cache = await ctx.cache();
  const scope = scopeOf(cache, a.values, locale);
  const openCards = a.values['open-cards'] === true;
  if (!openCards && (a.values['max-spend'] !== undefined || a.values['no-cap'] !== undefined)) {
    throw usageError('calendar', undefined, { ru: `--max-spend и --no-cap ограничивают открытие карточек: только вместе с --open-cards`, en: `--max-spend and --no-cap cap the opening of cards: only with --open-cards` });
  }
  let calendar = inUserLanguage(() => scopeCalendar(cache, scope), locale);
  if (calendar.unlinked.events > 0 && openCards) calendar = await openCardsFirst(ctx, cache, scope, calendar.unlinked.tenderIds, a.values, signal, locale);
  const { events, tenders, held, unlinked } = calendar;
  if (unlinked.events > 0) {
    // Every such tender is held and has no card: at worst one unit each.
    ctx.out.info(unlinkedText(unlinked.events, unlinked.tenderIds.length, unlinked.tenderIds.length, locale));
  }
  const { provenance } = await writeCalendarFile(cache, scope, events, target, { locale });
  recorded(ctx, cache, out, provenance, locale, target);
  if (held < tenders) ctx.out.info(notHeldText(scope, tenders - held, tenders, locale));
  const byKind = Object.fromEntries(CALENDAR_EVENT_KINDS.map((k) => [k, events.filter((e) => e.kind === k).length]));
  ctx.out.result({ out, events: events.length, by_kind: byKind, tenders, held }, () => {
    const parts = CALENDAR_EVENT_KINDS.filter((k) => byKind[k]! > 0).map((k) => `${calendarEventKindName(k, locale)}: ${byKind[k]}`);
    const head = locale === 'en' ? `${count(events.length, CALENDAR_EVENT_NOUN, locale)} written to ${out}` : `${count(events.length, CALENDAR_EVENT_NOUN, locale)} ${pluralForm(events.length, WRITTEN, locale)} в ${out}`;
    return parts.length ? `${head} (${parts.join('; ')})` : head;
  });
}
