/**
 * The one registry of the renderer's commands ("moving fast"): every view to go to and every action,
 * each with its Russian and English title, the words it is also found by, its keyboard shortcut if it has one,
 * and what it does. The command palette (app/palette/) lists these (plus the user's saved searches, read from
 * the core) and the keyboard handler (app/palette/useShortcuts.ts) runs them by their shortcuts: adding a
 * command is one entry here. What an action does is provided by whichever component can do it right now
 * (actions.ts): a table provides "next row", an export button "export"; an action nobody provides is not
 * offered.
 */
import type { Route } from '../store';
import { onMac, shortcutLabel, withShortcut, type Shortcut } from './shortcuts';

/** What a command's action is called by the components that provide it. */
export type ActionId =
  | 'palette.open'
  | 'view.back'
  | 'search.focus'
  | 'row.open'
  | 'row.next'
  | 'row.previous'
  | 'row.addToList'
  | 'row.mark'
  | 'row.moveUp'
  | 'row.moveDown'
  | 'triage.interesting'
  | 'triage.notInteresting'
  | 'triage.why'
  | 'documents.download'
  | 'search.follow'
  | 'export.open'
  | 'calendar.exportIcs';

/** The API generation whose profiles have the command (both when not said). */
export type Generation = 'current' | 'earlier';

export interface CommandDef {
  id: string;
  title: { ru: string; en: string };
  /** More words it is found by, in both languages (the titles of both languages are always searched). */
  keywords: string[];
  group: 'views' | 'actions';
  shortcut?: Shortcut;
  run: { navigate: Route } | { action: ActionId };
  generations?: Generation[];
}

const CURRENT: Generation[] = ['current'];
const EARLIER: Generation[] = ['earlier'];

export const COMMANDS: readonly CommandDef[] = [
  // Views.
  { id: 'view.search', group: 'views', title: { ru: 'Поиск', en: 'Search' }, keywords: ['закупки', 'tenders', 'найти', 'find'], run: { navigate: { view: 'search' } } },
  {
    id: 'view.saved',
    group: 'views',
    title: { ru: 'Сохранённые поиски', en: 'Saved searches' },
    keywords: ['подписки', 'слежение', 'follow', 'feeds'],
    run: { navigate: { view: 'saved' } },
    generations: CURRENT,
  },
  {
    id: 'view.triage',
    group: 'views',
    title: { ru: 'Разбор', en: 'Triage' },
    keywords: ['неразобранные', 'интересно', 'релевантность', 'undecided', 'interesting', 'relevance'],
    run: { navigate: { view: 'triage' } },
    generations: CURRENT,
  },
  { id: 'view.contracts', group: 'views', title: { ru: 'Контракты', en: 'Contracts' }, keywords: ['contract'], run: { navigate: { view: 'contracts' } }, generations: CURRENT },
  { id: 'view.lists', group: 'views', title: { ru: 'Списки', en: 'Lists' }, keywords: ['избранное', 'list'], run: { navigate: { view: 'lists' } }, generations: CURRENT },
  {
    id: 'view.marks',
    group: 'views',
    title: { ru: 'Воронка: доска и метки', en: 'Pipeline: board and tags' },
    keywords: ['пайплайн', 'канбан', 'доска', 'статус', 'метки', 'теги', 'kanban', 'board', 'tags'],
    run: { navigate: { view: 'marks' } },
    generations: CURRENT,
  },
  {
    id: 'view.calendar',
    group: 'views',
    title: { ru: 'Календарь сроков', en: 'Calendar of deadlines' },
    keywords: ['дедлайны', 'сроки подачи', 'deadlines', 'месяц', 'неделя', 'month', 'week'],
    run: { navigate: { view: 'calendar' } },
    generations: CURRENT,
  },
  {
    id: 'view.exports',
    group: 'views',
    title: { ru: 'История выгрузок', en: 'Export history' },
    keywords: ['выгрузки', 'история', 'источник', 'файлы', 'exports', 'history', 'provenance', 'files'],
    run: { navigate: { view: 'exports' } },
    generations: CURRENT,
  },
  {
    id: 'view.insights',
    group: 'views',
    title: { ru: 'Аналитика', en: 'Insights' },
    keywords: ['досье', 'конкуренты', 'цены', 'красные флаги', 'dossier', 'competitors', 'prices', 'red flags'],
    run: { navigate: { view: 'insights' } },
    generations: CURRENT,
  },
  { id: 'view.ledger', group: 'views', title: { ru: 'Баланс и расходы', en: 'Balance & ledger' }, keywords: ['деньги', 'единицы', 'аудит', 'money', 'units', 'audit'], run: { navigate: { view: 'ledger' } }, generations: CURRENT },
  { id: 'view.filters', group: 'views', title: { ru: 'Фильтры', en: 'Filters' }, keywords: ['filter'], run: { navigate: { view: 'filters' } }, generations: EARLIER },
  { id: 'view.favorites', group: 'views', title: { ru: 'Избранное', en: 'Favorites' }, keywords: ['favourites'], run: { navigate: { view: 'favorites' } }, generations: EARLIER },
  { id: 'view.limits', group: 'views', title: { ru: 'Баланс и лимиты', en: 'Balance & limits' }, keywords: ['лимит', 'limit'], run: { navigate: { view: 'limits' } }, generations: EARLIER },
  { id: 'view.settings', group: 'views', title: { ru: 'Настройки', en: 'Settings' }, keywords: ['профиль', 'токен', 'язык', 'profile', 'token', 'language'], run: { navigate: { view: 'settings' } } },
  // Actions: offered where a component provides them (actions.ts).
  {
    id: 'search.focus',
    group: 'actions',
    title: { ru: 'К полю поиска', en: 'Go to the search field' },
    keywords: ['искать', 'ключевые слова', 'keywords'],
    shortcut: { code: 'Slash', label: '/' },
    run: { action: 'search.focus' },
  },
  {
    id: 'row.open',
    group: 'actions',
    title: { ru: 'Открыть карточку строки', en: 'Open the row’s card' },
    keywords: ['карточка', 'открыть', 'card', 'open'],
    shortcut: { code: 'KeyO', label: 'O' },
    run: { action: 'row.open' },
  },
  { id: 'row.next', group: 'actions', title: { ru: 'Следующая строка', en: 'Next row' }, keywords: ['вниз', 'down'], shortcut: { code: 'KeyJ', label: 'J' }, run: { action: 'row.next' } },
  {
    id: 'row.previous',
    group: 'actions',
    title: { ru: 'Предыдущая строка', en: 'Previous row' },
    keywords: ['вверх', 'up'],
    shortcut: { code: 'KeyK', label: 'K' },
    run: { action: 'row.previous' },
  },
  {
    id: 'row.addToList',
    group: 'actions',
    title: { ru: 'Добавить в список…', en: 'Add to list…' },
    keywords: ['список', 'list'],
    shortcut: { code: 'KeyL', label: 'L' },
    run: { action: 'row.addToList' },
    generations: CURRENT,
  },
  {
    id: 'row.mark',
    group: 'actions',
    title: { ru: 'Отметить: метки, статус, ответственный…', en: 'Mark: tags, status, assignee…' },
    keywords: ['метка', 'тег', 'статус', 'воронка', 'tag', 'status', 'pipeline', 'assignee'],
    shortcut: { code: 'KeyM', label: 'M' },
    run: { action: 'row.mark' },
    generations: CURRENT,
  },
  {
    // A list's members in its own order (ListDetail): the same move as dragging the handle, by one place.
    id: 'row.moveUp',
    group: 'actions',
    title: { ru: 'Переместить выше', en: 'Move up' },
    keywords: ['порядок', 'переставить', 'поднять', 'order', 'reorder'],
    shortcut: { code: 'ArrowUp', alt: true, label: 'Alt+↑' },
    run: { action: 'row.moveUp' },
    generations: CURRENT,
  },
  {
    id: 'row.moveDown',
    group: 'actions',
    title: { ru: 'Переместить ниже', en: 'Move down' },
    keywords: ['порядок', 'переставить', 'опустить', 'order', 'reorder'],
    shortcut: { code: 'ArrowDown', alt: true, label: 'Alt+↓' },
    run: { action: 'row.moveDown' },
    generations: CURRENT,
  },
  {
    // «Разбор»: the focused row's label for the model; the numpad's and the main row's «+» and «−» too.
    id: 'triage.interesting',
    group: 'actions',
    title: { ru: 'Интересно', en: 'Interesting' },
    keywords: ['разбор', 'отметить', 'да', 'triage', 'yes', 'label'],
    shortcut: { code: 'KeyY', keys: ['+'], label: 'Y, +' },
    run: { action: 'triage.interesting' },
    generations: CURRENT,
  },
  {
    id: 'triage.notInteresting',
    group: 'actions',
    title: { ru: 'Неинтересно', en: 'Not interesting' },
    keywords: ['разбор', 'отметить', 'нет', 'triage', 'no', 'label'],
    shortcut: { code: 'KeyN', keys: ['-'], label: 'N, −' },
    run: { action: 'triage.notInteresting' },
    generations: CURRENT,
  },
  {
    id: 'triage.why',
    group: 'actions',
    title: { ru: 'Почему так: причины оценки', en: 'Why: the score’s reasons' },
    keywords: ['разбор', 'причины', 'релевантность', 'triage', 'reasons', 'relevance'],
    shortcut: { code: 'Slash', shift: true, keys: ['?', ','], label: '?' },
    run: { action: 'triage.why' },
    generations: CURRENT,
  },
  {
    // Free (the platform's site, not the API): a key is no spending.
    id: 'documents.download',
    group: 'actions',
    title: { ru: 'Скачать документы', en: 'Download documents' },
    keywords: ['документы', 'файлы', 'вложения', 'documents', 'files', 'attachments'],
    shortcut: { code: 'KeyD', label: 'D' },
    run: { action: 'documents.download' },
    generations: CURRENT,
  },
  {
    id: 'search.follow',
    group: 'actions',
    title: { ru: 'Следить за открытым поиском / не следить', en: 'Follow the open search / stop' },
    keywords: ['слежение', 'подписка', 'новые', 'follow', 'live', 'subscription'],
    shortcut: { code: 'KeyF', label: 'F' },
    run: { action: 'search.follow' },
    generations: CURRENT,
  },
  {
    id: 'export.open',
    group: 'actions',
    title: { ru: 'Экспорт в файл (XLSX, CSV)…', en: 'Export to a file (XLSX, CSV)…' },
    keywords: ['xlsx', 'csv', 'excel', 'выгрузить', 'выгрузка', 'экспорт', 'export'],
    shortcut: { code: 'KeyE', label: 'E' },
    run: { action: 'export.open' },
  },
  {
    id: 'calendar.exportIcs',
    group: 'actions',
    title: { ru: 'Экспорт в календарь (ICS)', en: 'Export to a calendar (ICS)' },
    keywords: ['ics', 'ical', 'outlook', 'google', 'календарь', 'calendar'],
    shortcut: { code: 'KeyI', label: 'I' },
    run: { action: 'calendar.exportIcs' },
    generations: CURRENT,
  },
  {
    // Escape does the same where nothing nearer takes it (shortcuts.ts pressesBackEscape): the label says both.
    id: 'view.back',
    group: 'actions',
    title: { ru: 'Назад — туда, откуда открыто', en: 'Back to where it was opened from' },
    keywords: ['назад', 'вернуться', 'к таблице', 'back', 'return'],
    shortcut: { code: 'ArrowLeft', alt: true, label: 'Esc, Alt+←' },
    run: { action: 'view.back' },
  },
  {
    id: 'palette.open',
    group: 'actions',
    title: { ru: 'Палитра команд', en: 'Command palette' },
    keywords: ['команды', 'commands'],
    shortcut: { code: 'KeyK', mod: true, label: 'Ctrl+K' },
    run: { action: 'palette.open' },
  },
];

/** Whether a profile of this generation has the command. */
export function forGeneration(command: CommandDef, generation: Generation): boolean {
  return command.generations === undefined || command.generations.includes(generation);
}

/** The words the palette matches a command by: both titles (so «пайп» works on an English screen too) and its keywords. */
export function searchWords(command: Pick<CommandDef, 'title' | 'keywords'>): string[] {
  return [command.title.ru, command.title.en, ...command.keywords];
}

/** The registry's command of an action (for a button's tooltip naming its keys). */
export function commandOf(action: ActionId): CommandDef | undefined {
  return COMMANDS.find((c) => 'action' in c.run && c.run.action === action);
}

/** An action's keys as the palette shows them («Alt+↓», «⌘K» on a Mac), for a hint that names them. */
export function keysOf(action: ActionId, mac = onMac()): string {
  const shortcut = commandOf(action)?.shortcut;
  return shortcut === undefined ? '' : shortcutLabel(shortcut, mac);
}

/** A tooltip naming the action's keys the palette's way: «Экспорт… (E)». Every button of a registry action uses it. */
export function titleWithKeys(title: string, action: ActionId, mac = onMac()): string {
  return withShortcut(title, commandOf(action)?.shortcut, mac);
}
