import type { CliContext } from '../context';
import { profileCommand } from './profile';
import { loginCommand } from './login';
import { searchCommand, syncCommand } from './feeds';
import { cardCommand, openCommand } from './cards';
import { exportCommand, listCommand } from './lists';
import { auditCommand, balanceCommand, ledgerCommand } from './money';
import { cacheCommand } from './cache';
import { contractsCommand } from './contracts';
import { enrichCommand } from './enrich';
import { analyticsCommand } from './analytics';
import { flagsCommand } from './flags';
import { markCommand, marksCommand } from './marks';
import { calendarCommand } from './calendar';
import { teamCommand } from './team';
import {
  earlierBalanceCommand,
  earlierCardCommand,
  earlierExportCommand,
  earlierFavoritesCommand,
  earlierFiltersCommand,
  earlierLedgerCommand,
  earlierSyncCommand,
} from './earlier';
import { CliError } from '../output';
import { text, type Text } from '../../i18n/text';

export type Command = (ctx: CliContext, args: string[], signal: AbortSignal) => Promise<void>;

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
  profile: profileCommand,
  login: loginCommand,
  search: byGeneration(searchCommand, NOT_EARLIER(text('Сохранённые поиски (QUERY)', 'Saved searches (QUERY)'), text('фильтры создаются в веб-интерфейсе, см. tenderwb filters', 'filters are made in the web interface, see "tenderwb filters"'))),
  sync: byGeneration(syncCommand, earlierSyncCommand),
  filters: byGeneration(ONLY_EARLIER(text('Фильтры только для чтения', 'Read-only filters'), text('см. tenderwb search и tenderwb sync', 'see "tenderwb search" and "tenderwb sync"')), earlierFiltersCommand),
  card: byGeneration(cardCommand, earlierCardCommand),
  contracts: byGeneration(contractsCommand, NOT_EARLIER(text('Контракты', 'Contracts'), text('раннее поколение API поставляет только закупки', 'the earlier API generation delivers tenders only'))),
  enrich: byGeneration(enrichCommand, NOT_EARLIER(text('Карточки с позициями для кэша (enrich)', 'Cards with positions for the cache (enrich)'), text('в раннем поколении API нет контрактов, а позиции карточки читаются постранично', 'the earlier API generation has no contracts and pages its cards itself'))),
  open: byGeneration(openCommand, NOT_EARLIER(text('Открытие по номеру извещения или ссылке ЕИС', 'Opening by a notice number or an EIS link'), text('используйте tenderwb card tender ID', 'use "tenderwb card tender ID"'))),
  list: byGeneration(listCommand, NOT_EARLIER(text('Списки', 'Lists'), text('используйте tenderwb favorites', 'use "tenderwb favorites"'))),
  favorites: byGeneration(ONLY_EARLIER(text('Избранное', 'Favorites'), text('используйте tenderwb list', 'use "tenderwb list"')), earlierFavoritesCommand),
  export: byGeneration(exportCommand, earlierExportCommand),
  balance: byGeneration(balanceCommand, earlierBalanceCommand),
  ledger: byGeneration(ledgerCommand, earlierLedgerCommand),
  audit: byGeneration(auditCommand, NOT_EARLIER(text('Сверка журнала списаний и журнал версий', 'The ledger audit and its version ledger'), text('историю баланса показывает tenderwb ledger', 'see "tenderwb ledger" for the balance history'))),
  cache: cacheCommand,
  analytics: byGeneration(analyticsCommand, NOT_EARLIER(text('Досье и сравнение цен', 'Dossiers and price benchmarks'), text('они считаются по контрактам и карточкам, а их раннее поколение API не поставляет', 'they are computed from contracts and cards, which the earlier API generation does not deliver'))),
  mark: markCommand,
  marks: marksCommand,
  calendar: byGeneration(calendarCommand, NOT_EARLIER(text('Календарь сроков', 'The deadlines calendar'), text('он читает отмеченные закупки, списки и сохранённые поиски текущего поколения', 'it reads marked tenders, lists and saved searches of the current generation'))),
  flags: byGeneration(flagsCommand, NOT_EARLIER(text('Красные флаги', 'Red flags'), NO_CONTRACTS)),
  team: teamCommand,
};
