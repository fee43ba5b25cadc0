/**
 * What a tender shows for its stage and its law, in both languages, on every tender surface of the renderer:
 * the results and list tables, the earlier generation's table, the preview pane and the card. An analyst reads
 * «Работа комиссии» and «44-ФЗ», never `active` or `44-FZ`, and never the server's own status name (a cached
 * version keeps the name it came with). The stage and law are decided in src-main/domain (tenderStage.ts,
 * laws.ts) and named in src-main/i18n/codes.ts, the same functions the core's exports and the CLI use. Pure.
 */
import type { Locale } from '../../src-main/contract/ipc';
import { contractLaw, tenderLaw } from '../../src-main/domain/laws';
import { tenderStage, tenderStageOf } from '../../src-main/domain/tenderStage';
import { lawName, tenderStageLabel } from '../i18n/i18n';

export { lawName, tenderStageName } from '../i18n/i18n';

/** A row of a table (the core's TenderRow and its kin): its status code, deadline and law code. */
export interface TenderRowFacts {
  status: string | null;
  endDate: string | null;
  law?: string | null;
}

/** The stage code of a row at `now` (for a badge's colour), and its name. */
export function rowStage(row: TenderRowFacts, locale: Locale, now: number = Date.now()): { stage: string | null; name: string } {
  const stage = tenderStage(row.status, row.endDate, now);
  return { stage, name: tenderStageLabel(stage, locale) };
}

export const rowLawName = (row: TenderRowFacts, locale: Locale): string => lawName(row.law, locale);

/** The same for a card as delivered (`status` `{id, code?, name}`, `end_date`, `law` or a notice number). */
export function cardStage(card: unknown, locale: Locale, now: number = Date.now()): { stage: string | null; name: string } {
  const stage = tenderStageOf(card, now);
  return { stage, name: tenderStageLabel(stage, locale) };
}

export const cardLawName = (card: unknown, locale: Locale): string => lawName(tenderLaw(card), locale);

/** A contract card's law: its `law`, else what its registry number implies (domain/laws.ts). */
export const contractLawName = (contract: unknown, locale: Locale): string => lawName(contractLaw(contract), locale);
