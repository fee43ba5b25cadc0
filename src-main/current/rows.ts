/** Stored tender and contract JSON flattened into the rows the renderer's tables show (contract shapes). */
import type { ContractRow, TenderRow } from '../contract/ipc';
import type { StoredObjectRow, TenderViewRow } from '../cache/viewQueries';
import { storedJson } from '../cache/storedJson';
import { tenderLaw } from '../domain/laws';
import { tenderStatusCode } from '../domain/tenderStage';

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const obj = (v: unknown): Json => (isRecord(v) ? v : {});

/** A row read from the view tables (no JSON decoded): the usual path of result tables. */
export function tenderViewRow(r: TenderViewRow): TenderRow {
  return { ...r, name: r.name ?? '' };
}

export function tenderRow(row: StoredObjectRow): TenderRow {
  const t = storedJson(row.json, `tender ${row.id}`) as Json;
  const region = t.region;
  const org = isRecord(t.organization) ? t.organization : obj(t.customer);
  return {
    id: row.id,
    version: row.version,
    etpId: str(t.etp_id),
    name: str(t.name) ?? str(t.title) ?? '',
    price: num(t.price),
    currency: str(t.currency),
    // The code, never the server's name for it: the stage shown is decided from it (domain/tenderStage.ts).
    status: tenderStatusCode(t),
    law: tenderLaw(t),
    region: isRecord(region) ? str(region.name) : null,
    regionCode: isRecord(region) ? num(region.id) : num(region),
    customerName: str(org.name),
    customerInn: str(org.inn),
    publishDate: str(t.publish_date),
    endDate: str(t.end_date),
    receivedAt: row.receivedAt,
  };
}

export function contractRow(row: StoredObjectRow): ContractRow {
  const c = storedJson(row.json, `contract ${row.id}`) as Json;
  const customer = obj(c.customer);
  return {
    id: row.id,
    version: row.version,
    reestrNumber: str(c.reestr_number),
    tenderId: num(c.tender_id),
    price: num(c.price),
    customerName: str(customer.name),
    customerInn: str(customer.inn),
    suppliers: (Array.isArray(c.suppliers) ? c.suppliers : []).filter(isRecord).map((s) => ({ name: str(s.name), inn: str(s.inn) })),
    signDate: str(c.sign_date),
    receivedAt: row.receivedAt,
  };
}
