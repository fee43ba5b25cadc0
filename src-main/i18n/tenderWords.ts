/**
 * What a tender shows for its stage and its law on a surface that holds a ROW (the tables' rows, a calendar
 * event: a status code, a deadline, a law code) or the OBJECT as delivered (a card, a version): the stage
 * decided by domain/tenderStage.ts and the law by domain/laws.ts, named by codes.ts. The renderer's tables,
 * preview, card and calendar use these (src-renderer/components/tenderLabels.ts), as the core's tests do. Pure.
 */
import { contractLaw, tenderLaw } from '../domain/laws';
import { tenderStage, tenderStageOf } from '../domain/tenderStage';
import { lawName, tenderStageLabel } from './codes';
import type { Locale } from './text';

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

/** The same for a tender card as delivered (`status` `{id, code?, name}`, `end_date`, `law` or a notice number). */
export function cardStage(card: unknown, locale: Locale, now: number = Date.now()): { stage: string | null; name: string } {
  const stage = tenderStageOf(card, now);
  return { stage, name: tenderStageLabel(stage, locale) };
}

export const cardLawName = (card: unknown, locale: Locale): string => lawName(tenderLaw(card), locale);

/** A contract card's law: its `law`, else what its registry number implies (domain/laws.ts). */
export const contractLawName = (contract: unknown, locale: Locale): string => lawName(contractLaw(contract), locale);
