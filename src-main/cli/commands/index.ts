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

export type Command = (ctx: CliContext, args: string[], signal: AbortSignal) => Promise<void>;

/**
 * The two API generations never mix: a command runs the implementation of the profile's generation, and a
 * command that has no meaning for it answers one clear line and exits non-zero. When no single profile can
 * be chosen, the current generation's command runs and says why.
 */
const byGeneration =
  (current: Command | string, earlier: Command | string): Command =>
  async (ctx, args, signal) => {
    const generation = (await ctx.generation()) ?? 'current';
    const run = generation === 'earlier' ? earlier : current;
    if (typeof run === 'string') throw new CliError(run, 2);
    return run(ctx, args, signal);
  };

const NOT_EARLIER = (what: string): string => `${what} belong to the current API generation; this profile uses the earlier one (see "tenderwb --help")`;
const ONLY_EARLIER = (what: string): string => `${what} belong to the earlier API generation; this profile uses the current one (see "tenderwb --help")`;

export const commands: Record<string, Command> = {
  profile: profileCommand,
  login: loginCommand,
  search: byGeneration(searchCommand, NOT_EARLIER('saved searches (QUERY)') + ': filters are made in the web interface, see "tenderwb filters"'),
  sync: byGeneration(syncCommand, earlierSyncCommand),
  filters: byGeneration(ONLY_EARLIER('read-only filters'), earlierFiltersCommand),
  card: byGeneration(cardCommand, earlierCardCommand),
  contracts: byGeneration(contractsCommand, NOT_EARLIER('contracts') + ': the earlier API generation delivers tenders only'),
  enrich: byGeneration(enrichCommand, NOT_EARLIER('cards with positions for the cache (enrich)') + ': the earlier API generation has no contracts and pages its cards itself'),
  open: byGeneration(openCommand, NOT_EARLIER('opening by a notice number or an EIS link') + ': use "tenderwb card tender ID"'),
  list: byGeneration(listCommand, NOT_EARLIER('lists') + ': use "tenderwb favorites"'),
  favorites: byGeneration(ONLY_EARLIER('favorites') + ': use "tenderwb list"', earlierFavoritesCommand),
  export: byGeneration(exportCommand, earlierExportCommand),
  balance: byGeneration(balanceCommand, earlierBalanceCommand),
  ledger: byGeneration(ledgerCommand, earlierLedgerCommand),
  audit: byGeneration(auditCommand, NOT_EARLIER('the ledger audit and its version ledger') + ': see "tenderwb ledger" for the balance history'),
  cache: cacheCommand,
  analytics: byGeneration(analyticsCommand, NOT_EARLIER('dossiers and price benchmarks') + ': they are computed from contracts and cards, which the earlier API generation does not deliver'),
  mark: markCommand,
  marks: marksCommand,
  calendar: byGeneration(calendarCommand, NOT_EARLIER('the deadlines calendar') + ': it reads marked tenders, lists and saved searches of the current generation'),
  flags: byGeneration(flagsCommand, NOT_EARLIER('red flags') + ': they are computed from contracts, which the earlier API generation does not deliver'),
  team: teamCommand,
};
