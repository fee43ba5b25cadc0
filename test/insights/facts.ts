/** Fixture facts for the insight tests: plain objects with every field, overridden per case. */
import type { ContractFact, PositionFact, TenderFact } from '../../src-main/domain/insights';

/** Unix seconds of an ISO moment (give the offset: `+03:00` for Moscow wall time). */
export const at = (iso: string): number => Date.parse(iso) / 1000;

export function tender(id: number, fields: Partial<TenderFact> = {}): TenderFact {
  return {
    id,
    version: 1,
    etp_id: null,
    name: `Закупка ${id}`,
    customer_inn: null,
    customer_name: null,
    law: null,
    status: null,
    placement_type: null,
    placement_name: null,
    price: null,
    publish_at: null,
    end_at: null,
    region: null,
    okpd2: [],
    ...fields,
  };
}

export function contract(id: number, fields: Partial<ContractFact> = {}): ContractFact {
  return {
    id,
    version: 1,
    reestr_number: null,
    tender_id: null,
    customer_inn: null,
    customer_name: null,
    suppliers: [],
    price: null,
    paid: null,
    stage: null,
    sign_at: null,
    region: null,
    law: null,
    ...fields,
  };
}

export function position(objectId: number, ordinal: number, fields: Partial<PositionFact> = {}): PositionFact {
  return {
    kind: 'contract',
    object_id: objectId,
    version: 1,
    ordinal,
    okpd2: '26.20.11.110',
    ktru: null,
    title: `Позиция ${ordinal}`,
    unit: 'шт',
    quantity: 1,
    unit_price: null,
    amount: null,
    number: null,
    date_at: null,
    customer_inn: null,
    customer_name: null,
    region: null,
    ...fields,
  };
}
