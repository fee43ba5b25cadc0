/**
 * The Contracts view's form turned into a `contracts.query` set and the matching `contracts.rows` filter,
 * with INNs checked by their checksums before anything is sent (src-main/domain/identifiers.ts). Pure.
 */
import type { ContractSet, MethodArgs } from '../../../src-main/contract/ipc';
import { isValidInn } from '../../../src-main/domain/identifiers';

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
  | { ok: false; problems: { field: keyof ContractForm; problem: FormProblem }[] };

/** Spaces and dashes people paste inside an INN are dropped. */
export function normalizeInn(s: string): string {
  return s.replace(/[\s-]/g, '');
}

/**
 * Supplier INN or name alongside a customer or a list narrows what is shown (a post-filter over the set's
 * contracts); supplier alone is a supplier subscription (its contracts with every customer).
 */
export function buildContractQuery(form: ContractForm): BuiltQuery {
  const problems: { field: keyof ContractForm; problem: FormProblem }[] = [];
  const supplierInn = normalizeInn(form.supplierInn);
  const supplierName = form.supplierName.trim();
  if (supplierInn !== '' && !isValidInn(supplierInn)) problems.push({ field: 'supplierInn', problem: 'supplierInnInvalid' });
  if (supplierName !== '' && supplierName.length < 2) problems.push({ field: 'supplierName', problem: 'supplierNameShort' });
  const supplier = { ...(supplierInn ? { supplierInn } : {}), ...(supplierName ? { supplierName } : {}) };
  const hasSupplier = supplierInn !== '' || supplierName !== '';

  if (form.mode === 'customer') {
    const inn = normalizeInn(form.customerInn);
    if (inn === '') problems.push({ field: 'customerInn', problem: 'customerInnRequired' });
    else if (!isValidInn(inn)) problems.push({ field: 'customerInn', problem: 'customerInnInvalid' });
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
