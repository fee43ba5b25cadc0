/**
 * `tenderwb calendar --out FILE.ics [--list LIST_ID | --label L | --tag T... --status S...]` (issue 16): the
 * deadlines of marked tenders (all of them, or those with every --tag and one of the --status), of a list or
 * of a saved search, as an ICS file any calendar imports (src-main/calendar/: one event per deadline, stable
 * UIDs, a reminder one working day before). From the cache: offline and free. Words and the file's texts follow
 * the app's language; `--json` prints one object: the file, the count and the count by kind, the scope's tenders
 * and how many of them are held. Tenders of the
 * scope the cache does not hold (a list's members not loaded, a marked id) are named on stderr with the command
 * that loads them.
 */
import { parseCommandArgs } from '../args';
import type { CliContext } from '../context';
import { CliError } from '../output';
import { cliLocale, inUserLanguage, userError } from '../cliLocale';
import { statusArgument } from './marks';
import { scopeCalendar, writeIcs } from '../../calendar/index';
import { findSaved } from '../../current/savedSearches';
import { CALENDAR_EVENT_KINDS, type CalendarScope } from '../../domain/calendar';
import { calendarEventKindName, CALENDAR_EVENT_NOUN } from '../../i18n/calendarText';
import { count, NOUNS, pluralForm } from '../../i18n/plural';
import type { Locale } from '../../i18n/text';
import type { CacheDb } from '../../cache/database';

const USAGE = 'usage: calendar --out FILE.ics [--list LIST_ID | --label LABEL|FILTER_ID | --tag T... --status S...]';

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v === undefined ? [] : [String(v)]);

function scopeOf(cache: CacheDb, values: Record<string, unknown>, locale: Locale): CalendarScope {
  const tags = strings(values.tag).map((t) => t.trim());
  const statuses = strings(values.status).map((s) => statusArgument(s, locale));
  const list = values.list === undefined ? undefined : String(values.list);
  const label = values.label === undefined ? undefined : String(values.label);
  const chosen = [list !== undefined, label !== undefined, tags.length + statuses.length > 0].filter(Boolean).length;
  if (chosen > 1) throw userError({ ru: `укажите одно: --list, --label или отметки (--tag, --status). ${USAGE}`, en: `give one of: --list, --label or marks (--tag, --status). ${USAGE}` }, locale);
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

export async function calendarCommand(ctx: CliContext, args: string[]): Promise<void> {
  const locale = await cliLocale(ctx);
  const a = parseCommandArgs(args, {
    out: { type: 'string' },
    list: { type: 'string' },
    label: { type: 'string' },
    tag: { type: 'string', multiple: true },
    status: { type: 'string', multiple: true },
  });
  if (a.positionals.length) throw new CliError(USAGE, 2);
  if (a.values.out === undefined || String(a.values.out).trim() === '') {
    throw userError({ ru: `укажите файл: --out FILE.ics. ${USAGE}`, en: `say where to write: --out FILE.ics. ${USAGE}` }, locale);
  }
  const out = String(a.values.out);
  const cache = await ctx.cache();
  const scope = scopeOf(cache, a.values, locale);
  const { events, tenders, held } = inUserLanguage(() => scopeCalendar(cache, scope), locale);
  await writeIcs(events, out, { locale });
  if (held < tenders) ctx.out.info(notHeldText(scope, tenders - held, tenders, locale));
  const byKind = Object.fromEntries(CALENDAR_EVENT_KINDS.map((k) => [k, events.filter((e) => e.kind === k).length]));
  ctx.out.result({ out, events: events.length, by_kind: byKind, tenders, held }, () => {
    const parts = CALENDAR_EVENT_KINDS.filter((k) => byKind[k]! > 0).map((k) => `${calendarEventKindName(k, locale)}: ${byKind[k]}`);
    const head = locale === 'en' ? `${count(events.length, CALENDAR_EVENT_NOUN, locale)} written to ${out}` : `${count(events.length, CALENDAR_EVENT_NOUN, locale)} ${pluralForm(events.length, WRITTEN, locale)} в ${out}`;
    return parts.length ? `${head} (${parts.join('; ')})` : head;
  });
}
