/**
 * The Contracts view's form turned into a `contracts.query` set and the matching `contracts.rows` filter,
 * with INNs checked before anything is sent by the domain's checks, the ones the query builder, the CLI and
 * the core use (src-main/domain/identifierProblems.ts): a wrong length and a wrong check digit are named
 * apart. Pure.
 */
import type { ContractSet, MethodArgs } from '../../../src-main/contract/ipc';
import type { Bilingual } from '../../../src-main/domain/bilingual';
import { identifierDigits, innProblemText } from '../../../src-main/domain/identifierProblems';

export type ContractMode = 'customer' | 'supplier' | 'list';

export interface ContractForm {
  mode: ContractMode;
  customerInn: string;
  supplierInn: string;
  supplierName: string;
  listId: string;
}

export type FormProblem = 'customerInnRequired' | 'customerInnInvalid' | 'supplierRequired' | 'supplierInnInvalid' | 'supplierNameShort' | 'listRequired';

export type BuiltQuery =
  | { ok: true; set: ContractSet; rows: Omit<MethodArgs<'contracts.rows'>, 'offset' | 'limit'>; postFilter: boolean }
  | { ok: false; problems: { field: keyof ContractForm; problem: FormProblem; text?: Bilingual }[] };

/** Spaces and dashes people paste inside an INN are dropped. */
export function normalizeInn(s: string): string {
  return identifierDigits(s);
}

/**
 * Supplier INN or name alongside a customer or a list narrows what is shown (a post-filter over the set's
 * contracts); supplier alone is a supplier subscription (its contracts with every customer).
 */
export function buildContractQuery(form: ContractForm): BuiltQuery {
  const problems: { field: keyof ContractForm; problem: FormProblem; text?: Bilingual }[] = [];
  const supplierInn = normalizeInn(form.supplierInn);
  const supplierName = form.supplierName.trim();
  const supplierInnText = supplierInn !== '' ? innProblemText(supplierInn) : null;
  if (supplierInnText) problems.push({ field: 'supplierInn', problem: 'supplierInnInvalid', text: supplierInnText });
  if (supplierName !== '' && supplierName.length < 2) problems.push({ field: 'supplierName', problem: 'supplierNameShort' });
  const supplier = { ...(supplierInn ? { supplierInn } : {}), ...(supplierName ? { supplierName } : {}) };
  const hasSupplier = supplierInn !== '' || supplierName !== '';

  if (form.mode === 'customer') {
    const inn = normalizeInn(form.customerInn);
    if (inn === '') problems.push({ field: 'customerInn', problem: 'customerInnRequired' });
    else {
      const text = innProblemText(inn);
      if (text) problems.push({ field: 'customerInn', problem: 'customerInnInvalid', text });
    }
    if (problems.length) return { ok: false, problems };
    return { ok: true, set: { by: 'customer', inn: [inn] }, rows: { customerInn: inn, ...supplier }, postFilter: hasSupplier };
  }
  if (form.mode === 'list') {
    if (form.listId === '') problems.push({ field: 'listId', problem: 'listRequired' });
    if (problems.length) return { ok: false, problems };
    return { ok: true, set: { by: 'list', listId: form.listId }, rows: { listId: form.listId, ...supplier }, postFilter: hasSupplier };
  }
  if (!hasSupplier) problems.push({ field: 'supplierInn', problem: 'supplierRequired' });
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    set: { by: 'supplier', ...(supplierInn ? { inn: [supplierInn] } : {}), ...(supplierName ? { name: supplierName } : {}) },
    rows: supplier,
    postFilter: false,
  };
}
