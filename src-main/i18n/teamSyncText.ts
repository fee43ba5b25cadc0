/**
 * What a team sync run says, in the CLI's summary and in Settings' last result: rows moved per team
 * table in words («отправлено: 12 версий тендеров, 3 карточки»), the headline counting everything that moved
 * («Отправлено 15 объектов, получено 636 версий тендеров · 25 ноября, 14:02»), progress, and the earlier
 * generation's refusal.
 * Pure, so the renderer says the same words.
 */
import type { SkippedTeamRow } from '../domain/teamRows';
import { count, NOUNS, type Noun } from './plural';
import type { Locale, Text } from './text';

/** The tables a run counts (team/types.ts TeamTable), each as a countable noun. */
type CountedTable = 'tender_version' | 'contract_version' | 'card' | 'ledger_row' | 'saved_search' | 'shared_change';
export type TeamCountsLike = Record<CountedTable, number>;

const ORDER: readonly CountedTable[] = ['tender_version', 'contract_version', 'card', 'ledger_row', 'saved_search', 'shared_change'];

const NOUN: Record<CountedTable, Noun> = {
  tender_version: {
    ru: { one: 'версия тендера', few: 'версии тендеров', many: 'версий тендеров', other: 'версии тендеров' },
    en: { one: 'tender version', other: 'tender versions' },
  },
  contract_version: {
    ru: { one: 'версия контракта', few: 'версии контрактов', many: 'версий контрактов', other: 'версии контрактов' },
    en: { one: 'contract version', other: 'contract versions' },
  },
  card: { ru: { one: 'карточка', few: 'карточки', many: 'карточек', other: 'карточки' }, en: { one: 'card', other: 'cards' } },
  ledger_row: {
    ru: { one: 'строка журнала списаний', few: 'строки журнала списаний', many: 'строк журнала списаний', other: 'строки журнала списаний' },
    en: { one: 'ledger row', other: 'ledger rows' },
  },
  saved_search: {
    ru: { one: 'сохранённый поиск', few: 'сохранённых поиска', many: 'сохранённых поисков', other: 'сохранённого поиска' },
    en: { one: 'saved search', other: 'saved searches' },
  },
  shared_change: {
    ru: { one: 'изменение отметок и списков', few: 'изменения отметок и списков', many: 'изменений отметок и списков', other: 'изменения отметок и списков' },
    en: { one: 'change of marks and lists', other: 'changes of marks and lists' },
  },
};

/** A teammate's row the pull did not take, in the headline and in the lines naming each. */
const ROW_NOUN: Noun = { ru: { one: 'строка', few: 'строки', many: 'строк', other: 'строки' }, en: { one: 'row', other: 'rows' } };

const WORDS = {
  ru: {
    pushed: 'отправлено', pulled: 'получено', nothing: 'ничего', Pushed: 'Отправлено', Pulled: 'Получено',
    nothingToPush: 'отправлять нечего', nothingToPull: 'получать нечего', nothingMoved: 'Нечего отправлять и получать',
    notTaken: 'не принято', NotTaken: 'Не принято',
  },
  en: {
    pushed: 'pushed', pulled: 'pulled', nothing: 'nothing', Pushed: 'Pushed', Pulled: 'Pulled',
    nothingToPush: 'nothing to push', nothingToPull: 'nothing to pull', nothingMoved: 'Nothing to push or pull',
    notTaken: 'not taken', NotTaken: 'Not taken',
  },
} as const;

const kinds = (c: TeamCountsLike): CountedTable[] => ORDER.filter((t) => c[t] > 0);

/** «12 версий тендеров, 3 карточки», or «ничего» when nothing moved. */
function teamCountsText(counts: TeamCountsLike, locale: Locale): string {
  const parts = kinds(counts).map((t) => count(counts[t], NOUN[t], locale));
  return parts.length > 0 ? parts.join(', ') : WORDS[locale].nothing;
}

/**
 * One direction's total: named by its kind when only one kind moved («2 изменения отметок и списков»), else
 * counted as objects («4 объекта»), so the headline counts everything that moved, not only versions.
 */
function directionTotal(c: TeamCountsLike, locale: Locale): string {
  const moved = kinds(c);
  if (moved.length === 1) return count(c[moved[0]!], NOUN[moved[0]!], locale);
  return count(moved.reduce((sum, t) => sum + c[t], 0), NOUNS.object, locale);
}

/**
 * The pull's side of the headline when teammates' rows were not taken (held in the quarantine, named below it by
 * `teamSkippedLines`): «получено 5 объектов, не принято: 2 строки», or «не принято: 2 строки» when nothing was.
 */
function pullSide(pulled: TeamCountsLike, notTaken: number, locale: Locale, first: boolean): string {
  const w = WORDS[locale];
  const held = `${first ? w.NotTaken : w.notTaken}: ${count(notTaken, ROW_NOUN, locale)}`;
  if (kinds(pulled).length === 0) return held;
  return `${first ? w.Pulled : w.pulled} ${directionTotal(pulled, locale)}, ${w.notTaken}: ${count(notTaken, ROW_NOUN, locale)}`;
}

/**
 * The headline of a run: «Отправлено 4 объекта, получено 2 изменения отметок и списков», «Отправлено 1 карточка;
 * получать нечего», «Нечего отправлять и получать». `notTaken`: the teammates' rows this pull held rather than
 * took (`skippedTotal`); the headline counts them too, so it never says «нечего получать» above
 * «Не принято из базы команды и отложено: 2 строки».
 */
export function teamSyncHeadline(pushed: TeamCountsLike, pulled: TeamCountsLike, locale: Locale, notTaken = 0): string {
  const w = WORDS[locale];
  const up = kinds(pushed).length > 0;
  const down = kinds(pulled).length > 0;
  if (notTaken > 0) return up ? `${w.Pushed} ${directionTotal(pushed, locale)}, ${pullSide(pulled, notTaken, locale, false)}` : `${pullSide(pulled, notTaken, locale, true)}; ${w.nothingToPush}`;
  if (up && down) return `${w.Pushed} ${directionTotal(pushed, locale)}, ${w.pulled} ${directionTotal(pulled, locale)}`;
  if (up) return `${w.Pushed} ${directionTotal(pushed, locale)}; ${w.nothingToPull}`;
  if (down) return `${w.Pulled} ${directionTotal(pulled, locale)}; ${w.nothingToPush}`;
  return w.nothingMoved;
}

/**
 * What the headline's «объекты» were, for the directions where several kinds moved: «отправлено: 2 карточки,
 * 2 изменения отметок и списков»; null when the headline already names everything (never a repeat of it).
 */
export function teamSyncDetail(pushed: TeamCountsLike, pulled: TeamCountsLike, locale: Locale): string | null {
  const w = WORDS[locale];
  const parts: string[] = [];
  if (kinds(pushed).length > 1) parts.push(`${w.pushed}: ${teamCountsText(pushed, locale)}`);
  if (kinds(pulled).length > 1) parts.push(`${w.pulled}: ${teamCountsText(pulled, locale)}`);
  return parts.length > 0 ? parts.join('; ') : null;
}

/** The CLI's summary: the headline and, in brackets, its detail. */
export function teamSyncSummary(pushed: TeamCountsLike, pulled: TeamCountsLike, locale: Locale, notTaken = 0): string {
  const detail = teamSyncDetail(pushed, pulled, locale);
  return `${teamSyncHeadline(pushed, pulled, locale, notTaken)}${detail !== null ? ` (${detail})` : ''}`;
}

/** The last run in one line: «Отправлено 1 215 объектов, получено 636 версий тендеров · 25 ноября, 14:02» (local time). */
export function teamLastRunLine(run: { pushed: TeamCountsLike; pulled: TeamCountsLike; at: string; skippedTotal?: number }, locale: Locale): string {
  const tag = locale === 'ru' ? 'ru-RU' : 'en-GB';
  const at = new Date(run.at);
  const day = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long' }).format(at);
  const time = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit' }).format(at);
  return `${teamSyncHeadline(run.pushed, run.pulled, locale, run.skippedTotal ?? 0)} · ${day}, ${time}`;
}

const PROGRESS: Record<'push' | 'pull', Text> = {
  push: { ru: 'Отправляем в общую базу', en: 'Pushing to the team database' },
  pull: { ru: 'Получаем из общей базы', en: 'Pulling from the team database' },
};

/** «Отправляем в общую базу: версии тендеров, 20 000 из 50 000». */
export function teamProgressLine(p: { direction: 'push' | 'pull'; table: CountedTable; done: number; total: number | null }, locale: Locale): string {
  const tag = locale === 'ru' ? 'ru-RU' : 'en-GB';
  const n = new Intl.NumberFormat(tag);
  const what = NOUN[p.table][locale].other;
  const of = locale === 'ru' ? 'из' : 'of';
  return `${PROGRESS[p.direction][locale]}: ${what}, ${n.format(p.done)}${p.total !== null ? ` ${of} ${n.format(p.total)}` : ''}`;
}

export const TEAM_SYNC_TEXT = {
  earlierRefused: {
    ru: 'С общей базой команды синхронизируется только текущее поколение API; этот профиль работает с прежним поколением.',
    en: 'Only the current API generation syncs with a team database; this profile uses the earlier generation.',
  },
  cancelled: {
    ru: 'Синхронизация с общей базой остановлена; отправленное и полученное до остановки сохранено, следующий запуск продолжит.',
    en: 'The team sync was stopped; what was pushed and pulled before that is kept, and the next run goes on from there.',
  },
  /** Demo data must never reach a team database (nor the team's real data the demo profile). */
  sandboxRefused: {
    ru: 'Встроенная песочница — демонстрационные данные: её не синхронизируют с базой команды.',
    en: 'The built-in sandbox holds demo data: it is never synced with a team database.',
  },
  /** A connection kept from before this rule, when the sandbox was active: it belongs to no profile yet. */
  unbound: {
    ru: 'Подключение команды не относится ни к одному профилю: откройте нужный профиль и сохраните подключение ещё раз.',
    en: 'The team connection belongs to no profile yet: open the profile it is for and save the connection again.',
  },
} satisfies Record<string, Text>;

/** «Подключение команды относится к профилю «…»»: the active profile is another one, so nothing of it syncs. */
export function teamOtherProfileText(profile: string): Text {
  return {
    ru: `Подключение команды относится к профилю «${profile}»: синхронизируется только он. Переключитесь на него или сохраните подключение в этом профиле.`,
    en: `The team connection belongs to the profile «${profile}»: only it syncs. Switch to it, or save the connection in this profile.`,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Rows a pull did not take: named in the CLI's summary and in Settings' last result, the same words.
// ---------------------------------------------------------------------------------------------------------

/**
 * A teammate's text shown to the analyst (a mark's key, a field, an author): control and bidi-override characters
 * dropped (a terminal would obey them, an RLO would turn the line around), and cut to a length a line can hold.
 */
function shown(text: string, max = 60): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/g, '');
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

const MARK_FIELD: Record<Locale, (field: string) => string> = {
  ru: (f) => (f === 'status' ? 'статус' : f === 'assignee' ? 'исполнитель' : f === 'interest' ? '«Интересно / Неинтересно»' : f.startsWith('tag:') ? `метка «${shown(f.slice(4))}»` : f.startsWith('note:') ? 'заметка' : shown(f)),
  en: (f) => (f === 'status' ? 'status' : f === 'assignee' ? 'assignee' : f === 'interest' ? '«Interesting / Not interesting»' : f.startsWith('tag:') ? `tag “${shown(f.slice(4))}”` : f.startsWith('note:') ? 'note' : shown(f)),
};
const LIST_FIELD: Record<Locale, (field: string) => string> = {
  ru: (f) =>
    f.startsWith('member:') ? `участник ${shown(f.slice(7))}` : ({ name: 'название', description: 'описание', metadata: 'метаданные', hidden: 'скрытие' } as Record<string, string>)[f] ?? shown(f),
  en: (f) => (f.startsWith('member:') ? `member ${shown(f.slice(7))}` : ({ name: 'name', description: 'description', metadata: 'metadata', hidden: 'hidden' } as Record<string, string>)[f] ?? shown(f)),
};

/** The row as the analyst knows it: «версия тендера 11 v1», «отметка тендера 19 (статус)», «строка журнала списаний 31». */
export function teamRowName(row: SkippedTeamRow, locale: Locale): string {
  const ru = locale === 'ru';
  const of = row.kind === 'contract' ? (ru ? 'контракта' : 'contract') : ru ? 'тендера' : 'tender';
  const id = shown(row.id);
  switch (row.table) {
    case 'tender_version':
    case 'contract_version':
      return ru ? `версия ${row.table === 'contract_version' ? 'контракта' : 'тендера'} ${id} v${row.version ?? '?'}` : `${row.table === 'contract_version' ? 'contract' : 'tender'} version ${id} v${row.version ?? '?'}`;
    case 'card':
      return ru ? `карточка ${of} ${id} v${row.version ?? '?'} (позиции, стр. ${row.page ?? '?'})` : `${of} card ${id} v${row.version ?? '?'} (positions page ${row.page ?? '?'})`;
    case 'ledger_row':
      return ru ? `строка журнала списаний ${id}` : `ledger row ${id}`;
    case 'saved_search':
      return ru ? `сохранённый поиск ${id}` : `saved search ${id}`;
    case 'shared_change': {
      const field = row.field ?? '';
      if (row.entity === 'tag') return ru ? `метка «${id}» (${field === 'color' ? 'цвет' : 'название'})` : `tag “${id}” (${field === 'color' ? 'colour' : 'name'})`;
      if (row.entity === 'list') return ru ? `список ${id} (${LIST_FIELD.ru(field)})` : `list ${id} (${LIST_FIELD.en(field)})`;
      return ru ? `отметка тендера ${id} (${MARK_FIELD.ru(field)})` : `tender ${id}'s mark (${MARK_FIELD.en(field)})`;
    }
  }
}

const BODY_KIND: Record<Locale, Record<string, string>> = {
  ru: { array: 'массив', string: 'строка', null: 'null', number: 'число', boolean: 'логическое значение', json: 'не JSON' },
  en: { array: 'an array', string: 'a string', null: 'null', number: 'a number', boolean: 'a boolean', json: 'not JSON' },
};

/** Why the row was not taken, in a clause: «id 9007199254740993 — не целое число от 1 до 2^53 − 1». */
export function teamRefusalText(row: Pick<SkippedTeamRow, 'reason' | 'detail'>, locale: Locale): string {
  const d = row.detail === null ? '' : shown(row.detail, 120);
  const ru = locale === 'ru';
  switch (row.reason) {
    case 'id':
      return ru ? `id ${d} — не целое число от 1 до 2^53 − 1` : `the id ${d} is not a whole number from 1 to 2^53 − 1`;
    case 'version':
      return ru ? `версия ${d} меньше нуля или не целая` : `the version ${d} is below 0 or not whole`;
    case 'body':
      return ru ? `тело — не объект JSON, а ${BODY_KIND.ru[d] ?? d}` : `the body is not a JSON object but ${BODY_KIND.en[d] ?? d}`;
    case 'body_key':
      return ru ? `тело описывает другой объект (${d})` : `the body describes another object (${d})`;
    case 'time':
      return ru ? `время «${d}» не читается` : `the time “${d}” cannot be read`;
    case 'future':
      return ru ? `датировано будущим (${d}): будет принято, когда это время наступит` : `dated in the future (${d}): taken once that time has come`;
    case 'unproven':
      return ru
        ? 'нет подтверждения доставки от API (номера запроса и страницы), а такие версии в настройках не принимаются'
        : 'it carries no evidence of the API’s delivery (request id and page), and such versions are refused in the settings';
    case 'value':
      return ru ? `недопустимое значение (${d})` : `a value out of range (${d})`;
    case 'write':
      return ru ? `кэш не принял её (${d})` : `the cache refused it (${d})`;
  }
}

/** One refused row: «версия тендера 11 v1 (отправитель: Вера): тело описывает другой объект (id 12)». */
export function teamSkippedLine(row: SkippedTeamRow, locale: Locale): string {
  const who = row.author !== null && row.author.trim() !== '' ? shown(row.author, 40) : `${locale === 'ru' ? 'машина' : 'machine'} ${shown(row.machineId).slice(0, 8)}`;
  const from = locale === 'ru' ? `отправитель: ${who}` : `pushed by ${who}`;
  return `${teamRowName(row, locale)} (${from}): ${teamRefusalText(row, locale)}`;
}

/** «Не принято из базы команды и отложено: 10 строк; всё остальное получено.» */
export function teamSkippedHeadline(total: number, locale: Locale): string {
  return locale === 'ru'
    ? `Не принято из базы команды и отложено: ${count(total, ROW_NOUN, locale)}; всё остальное получено.`
    : `Not taken from the team database and held: ${count(total, ROW_NOUN, locale)}; everything else was pulled.`;
}

/** The headline, the named rows one per line, and how many more were not named. */
export function teamSkippedLines(skipped: readonly SkippedTeamRow[], total: number, locale: Locale): string[] {
  if (total === 0) return [];
  const more = total - skipped.length;
  return [
    teamSkippedHeadline(total, locale),
    ...skipped.map((r) => `— ${teamSkippedLine(r, locale)}`),
    ...(more > 0 ? [locale === 'ru' ? `… и ещё ${count(more, ROW_NOUN, locale)}` : `… and ${count(more, ROW_NOUN, locale)} more`] : []),
  ];
}
