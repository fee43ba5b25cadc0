/**
 * `tenderwb contracts --customer INN[,INN] | --supplier-inn INN | --supplier-name NAME | --list LIST_ID |
 * --tenders ID[,ID] [--max-spend N | --no-cap]`: reads a contract set's feed into the cache (the Contracts
 * view's query), under the money rule of every paid command (cli/feedSetRun.ts).
 */
import { parseCommandArgs } from '../args';
import type { CliContext } from '../context';
import { CliError } from '../output';
import { runFeedSet } from '../feedSetRun';
import { parseSpendFlags } from '../spendCap';
import { contractSetSchema, type ContractSet } from '../../contract/ipc';
import { checkedContractBody } from '../../current/contracts';
import { AppError } from '../../domain/appError';

const USAGE = 'usage: contracts --customer INN[,INN] | --supplier-inn INN[,INN] [--supplier-name NAME] | --supplier-name NAME | --list LIST_ID | --tenders ID[,ID] [--max-spend N | --no-cap]';

const commaList = (v: string | boolean | undefined): string[] => String(v ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** The one set the flags name (the reference allows one way per request, 4.7), checked before anything is paid. */
function contractSet(values: Record<string, string | boolean | undefined>): ContractSet {
  const given = (['customer', 'list', 'tenders'] as const).filter((k) => values[k] !== undefined);
  const supplier = values['supplier-inn'] !== undefined || values['supplier-name'] !== undefined;
  if (given.length + (supplier ? 1 : 0) !== 1) throw new CliError(USAGE, 2);
  let raw: unknown;
  if (values.customer !== undefined) raw = { by: 'customer', inn: commaList(values.customer) };
  else if (values.list !== undefined) raw = { by: 'list', listId: String(values.list) };
  else if (values.tenders !== undefined) raw = { by: 'tenders', tenderIds: commaList(values.tenders).map((s) => (/^\d{1,15}$/.test(s) ? Number(s) : s)) };
  else {
    raw = {
      by: 'supplier',
      ...(values['supplier-inn'] !== undefined ? { inn: commaList(values['supplier-inn']) } : {}),
      ...(values['supplier-name'] !== undefined ? { name: String(values['supplier-name']) } : {}),
    };
  }
  const parsed = contractSetSchema.safeParse(raw);
  if (!parsed.success) throw new CliError(`the contract set is refused: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'set'}: ${i.message}`).join('; ')}`, 2);
  return parsed.data;
}

export async function contractsCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const a = parseCommandArgs(args, {
    customer: { type: 'string' },
    'supplier-inn': { type: 'string' },
    'supplier-name': { type: 'string' },
    list: { type: 'string' },
    tenders: { type: 'string' },
    'max-spend': { type: 'string' },
    'no-cap': { type: 'boolean' },
  });
  if (a.positionals.length) throw new CliError(USAGE, 2);
  const flags = parseSpendFlags(a.values);
  const set = contractSet(a.values);
  let body: Record<string, unknown>;
  try {
    body = checkedContractBody(set);
  } catch (e) {
    if (e instanceof AppError) throw new CliError(`the contract set is refused: ${e.text.ru} / ${e.text.en}`, 2);
    throw e;
  }
  await runFeedSet(ctx, 'contract', body, 'contracts', flags, signal);
}
