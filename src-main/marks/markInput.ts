/**
 * Marks as typed, checked with the domain's words in both languages (domain/markProblems.ts): the CLI's
 * arguments reach the use cases without the IPC contract's validators, and must be refused the same way.
 */
import { AppError } from '../domain/appError';
import type { Bilingual } from '../domain/bilingual';
import { assigneeProblem, colorProblem, noteProblem, statusProblem, tagNameProblem } from '../domain/markProblems';
import type { MarkChange } from '../domain/marks';

const refuse = (problem: Bilingual | null): void => {
  if (problem !== null) throw new AppError('invalid_input', problem);
};

export function checkTagName(name: string): void {
  refuse(tagNameProblem(name));
}

export function checkColor(color: string): void {
  refuse(colorProblem(color));
}

export function checkMarkChange(change: MarkChange): void {
  if (change.tender_ids.length === 0) throw new AppError('invalid_input', { ru: 'Не выбрано ни одной закупки', en: 'No tender is chosen' });
  for (const name of [...(change.add_tags ?? []), ...(change.remove_tags ?? [])]) checkTagName(name);
  if (change.status !== undefined && change.status !== null) refuse(statusProblem(change.status));
  if (change.assignee !== undefined && change.assignee !== null) refuse(assigneeProblem(change.assignee));
  if (change.note !== undefined) refuse(noteProblem(change.note));
}
