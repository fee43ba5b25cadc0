import type { CliContext } from '../context';
import { CliError } from '../output';
import { text, type Text } from '../../i18n/text';

export type Command = (ctx: CliContext, args: string[], signal: AbortSignal) => Promise<void>;

/**
 * A command whose module is imported only when it runs: `tenderwb --help` or `profile list` must not
 * load the API client, the cache's SQLite, the team's PostgreSQL driver or the export's archivers that other
 * commands need (test/cli/startLoad.test.ts holds the light commands to that). The bundle (src-main/cli/bundle.ts)
 * turns each import() into a chunk of its own.
 */
const lazy =
  <M>(load: () => Promise<M>, take: (m: M) => Command): Command =>
  async (ctx, args, signal) =>
    take(await load())(ctx, args, signal);

const feeds = () => import('./feeds');
const cards = () => import('./cards');
const lists = () => import('./lists');
const money = () => import('./money');
const marks = () => import('./marks');
const earlierCommands = () => import('./earlier');

/**
 * The two API generations never mix: a command runs the implementation of the profile's generation, and a
 * command that has no meaning for it answers one clear line and exits non-zero. When no single profile can
 * be chosen, the current generation's command runs and says why.
 */
const byGeneration =
  (current: Command | Text, earlier: Command | Text): Command =>
  async (ctx, args, signal) => {
    const generation = (await ctx.generation()) ?? 'current';
    const run = generation === 'earlier' ? earlier : current;
    if (typeof run !== 'function') throw new CliError(run, 2);
    return run(ctx, args, signal);
  };

const NOT_EARLIER = (what: Text, why: Text): Text => ({
  ru: `${what.ru} есть только в текущем поколении API, а этот профиль — раннего поколения (tenderwb --help): ${why.ru}`,
  en: `${what.en} belong to the current API generation; this profile uses the earlier one (see "tenderwb --help"): ${why.en}`,
});
const ONLY_EARLIER = (what: Text, why: Text | null = null): Text => ({
  ru: `${what.ru} есть только в раннем поколении API, а этот профиль — текущего поколения (tenderwb --help)${why ? `: ${why.ru}` : ''}`,
  en: `${what.en} belong to the earlier API generation; this profile uses the current one (see "tenderwb --help")${why ? `: ${why.en}` : ''}`,
});

const NO_CONTRACTS = text('раннее поколение API не поставляет контрактов', 'the earlier API generation does not deliver contracts');

export const commands: Record<string, Command> = {
  profile: lazy(() => import('./profile'), (m) => m.profileCommand),
  login: lazy(() => import('./login'), (m) => m.loginCommand),
  search: byGeneration(lazy(feeds, (m) => m.searchCommand), NOT_EARLIER(text('Сохранённые поиски (QUERY)', 'Saved searches (QUERY)'), text('фильтры создаются в веб-интерфейсе, см. tenderwb filters', 'filters are made in the web interface, see "tenderwb filters"'))),
  sync: byGeneration(lazy(feeds, (m) => m.syncCommand), lazy(earlierCommands, (m) => m.earlierSyncCommand)),
  filters: byGeneration(ONLY_EARLIER(text('Фильтры только для чтения', 'Read-only filters'), text('см. tenderwb search и tenderwb sync', 'see "tenderwb search" and "tenderwb sync"')), lazy(earlierCommands, (m) => m.earlierFiltersCommand)),
  card: byGeneration(lazy(cards, (m) => m.cardCommand), lazy(earlierCommands, (m) => m.earlierCardCommand)),
  contracts: byGeneration(lazy(() => import('./contracts'), (m) => m.contractsCommand), NOT_EARLIER(text('Контракты', 'Contracts'), text('раннее поколение API поставляет только закупки', 'the earlier API generation delivers tenders only'))),
  enrich: byGeneration(lazy(() => import('./enrich'), (m) => m.enrichCommand), NOT_EARLIER(text('Карточки с позициями для кэша (enrich)', 'Cards with positions for the cache (enrich)'), text('в раннем поколении API нет контрактов, а позиции карточки читаются постранично', 'the earlier API generation has no contracts and pages its cards itself'))),
  open: byGeneration(lazy(cards, (m) => m.openCommand), NOT_EARLIER(text('Открытие по номеру извещения или ссылке ЕИС', 'Opening by a notice number or an EIS link'), text('используйте tenderwb card tender ID', 'use "tenderwb card tender ID"'))),
  list: byGeneration(lazy(lists, (m) => m.listCommand), NOT_EARLIER(text('Списки', 'Lists'), text('используйте tenderwb favorites', 'use "tenderwb favorites"'))),
  favorites: byGeneration(ONLY_EARLIER(text('Избранное', 'Favorites'), text('используйте tenderwb list', 'use "tenderwb list"')), lazy(earlierCommands, (m) => m.earlierFavoritesCommand)),
  export: byGeneration(lazy(lists, (m) => m.exportCommand), lazy(earlierCommands, (m) => m.earlierExportCommand)),
  balance: byGeneration(lazy(money, (m) => m.balanceCommand), lazy(earlierCommands, (m) => m.earlierBalanceCommand)),
  ledger: byGeneration(lazy(money, (m) => m.ledgerCommand), lazy(earlierCommands, (m) => m.earlierLedgerCommand)),
  audit: byGeneration(lazy(money, (m) => m.auditCommand), NOT_EARLIER(text('Сверка журнала списаний и журнал версий', 'The ledger audit and its version ledger'), text('историю баланса показывает tenderwb ledger', 'see "tenderwb ledger" for the balance history'))),
  cache: lazy(() => import('./cache'), (m) => m.cacheCommand),
  analytics: byGeneration(lazy(() => import('./analytics'), (m) => m.analyticsCommand), NOT_EARLIER(text('Досье и сравнение цен', 'Dossiers and price benchmarks'), text('они считаются по контрактам и карточкам, а их раннее поколение API не поставляет', 'they are computed from contracts and cards, which the earlier API generation does not deliver'))),
  mark: lazy(marks, (m) => m.markCommand),
  marks: lazy(marks, (m) => m.marksCommand),
  calendar: byGeneration(lazy(() => import('./calendar'), (m) => m.calendarCommand), NOT_EARLIER(text('Календарь сроков', 'The deadlines calendar'), text('он читает отмеченные закупки, списки и сохранённые поиски текущего поколения', 'it reads marked tenders, lists and saved searches of the current generation'))),
  triage: byGeneration(lazy(() => import('./triage'), (m) => m.triageCommand), NOT_EARLIER(text('Разбор закупок по релевантности', 'Triage by relevance'), text('он ранжирует закупки сохранённых поисков и списков текущего поколения', 'it ranks the tenders of the current generation’s saved searches and lists'))),
  flags: byGeneration(lazy(() => import('./flags'), (m) => m.flagsCommand), NOT_EARLIER(text('Красные флаги', 'Red flags'), NO_CONTRACTS)),
  team: lazy(() => import('./team'), (m) => m.teamCommand),
  docs: lazy(() => import('./docs'), (m) => m.docsCommand),
};
