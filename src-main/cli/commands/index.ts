import type { CliContext } from '../context';
import { profileCommand } from './profile';
import { searchCommand, syncCommand } from './feeds';
import { cardCommand } from './cards';
import { exportCommand, listCommand } from './lists';
import { auditCommand, balanceCommand, ledgerCommand } from './money';
import { cacheCommand } from './cache';

export type Command = (ctx: CliContext, args: string[], signal: AbortSignal) => Promise<void>;

export const commands: Record<string, Command> = {
  profile: profileCommand,
  search: searchCommand,
  sync: syncCommand,
  card: cardCommand,
  list: listCommand,
  export: exportCommand,
  balance: balanceCommand,
  ledger: ledgerCommand,
  audit: auditCommand,
  cache: cacheCommand,
};
