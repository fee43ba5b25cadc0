/**
 * `tenderwb contracts --customer INN[,INN] | --supplier-inn INN | --supplier-name NAME | --list LIST_ID |
 * --tenders ID[,ID] [--max-spend N | --no-cap]`: reads a contract set's feed into the cache (the Contracts
 * view's query), under the money rule of every paid command (cli/feedSetRun.ts).
 */
import { parseCommandArgs } from '../args';
import { usageError } from '../help';
import type { CliContext } from '../context';
import { CliError } from '../output';
import { runFeedSet } from '../feedSetRun';
import { parseSpendFlags } from '../spendCap';
import { contractSetSchema, type ContractSet } from '../../contract/ipc';
import { checkedContractBody } from '../../current/contracts';
import { AppError } from '../../domain/appError';
import type { Text } from '../../i18n/text';
import { innProblemText } from '../../domain/identifierProblems';


const commaList = (v: string | boolean | undefined): string[] => String(v ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** What each field of a contract set must be, for a refusal in the run's language (the schema's own words are English). */
const FIELD_RULES: Record<string, Text> = {
  inn: { ru: 'ИНН — 10 или 12 цифр, до 100 через запятую', en: 'an INN is 10 or 12 digits, up to 100 separated by commas' },
  name: { ru: 'название поставщика — от 2 до 300 символов', en: 'a supplier name is 2 to 300 characters' },
  listId: { ru: 'идентификатор списка вида lst_…', en: 'a list id looks like lst_…' },
  tenderIds: { ru: 'ID закупок — целые положительные числа, до 10 000', en: 'tender ids are whole positive numbers, up to 10,000' },
};

/** The one set the flags name (the reference allows one way per request, 4.7), checked before anything is paid. */
function contractSet(values: Record<string, string | boolean | undefined>): ContractSet {
  const given = (['customer', 'list', 'tenders'] as const).filter((k) => values[k] !== undefined);
  const supplier = values['supplier-inn'] !== undefined || values['supplier-name'] !== undefined;
  if (given.length + (supplier ? 1 : 0) !== 1) throw usageError('contracts');
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
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')))];
    // An INN is named with what is wrong with it (the app's words, in both languages); other fields by their rule.
    const inns = [...commaList(values.customer), ...commaList(values['supplier-inn'])];
    const badInn = inns.map((v) => innProblemText(v)).find((p) => p !== null) ?? null;
    const said = fields.map((f) => (f === 'inn' && badInn ? badInn : (FIELD_RULES[f] ?? { ru: f, en: f })));
    throw new CliError({ ru: `набор контрактов отклонён: ${said.map((x) => x.ru).join('; ')}`, en: `the contract set is refused: ${said.map((x) => x.en).join('; ')}` }, 2);
  }
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
  if (a.positionals.length) throw usageError('contracts');
  const flags = parseSpendFlags(a.values);
  const set = contractSet(a.values);
  let body: Record<string, unknown>;
  try {
    body = checkedContractBody(set);
  } catch (e) {
    if (e instanceof AppError) throw new CliError({ ru: `набор контрактов отклонён: ${e.text.ru}`, en: `the contract set is refused: ${e.text.en}` }, 2);
    throw e;
  }
  await runFeedSet(ctx, 'contract', body, ctx.tr('контракты', 'contracts'), flags, signal);
}
