/**
 * The JSON shapes of tenders and contracts as the API delivers them. A feed item carries the summary
 * (D-Q-17); a card adds lots, paged positions, documents and contacts, derived on demand from the seed.
 * Any version can be rendered, not only the current one, because feeds deliver the version they recorded.
 */
import type Database from 'better-sqlite3';
import type { ContractRow, ContractVersionRow, OrganizationRow, TenderRow, TenderVersionRow } from '../data/rows';
import { okpd2Entry, PLACEMENT_TYPES, PLATFORMS, PURCHASE_TYPES, regionByCode, type DictionaryItem } from '../data/dictionaries';
import { contractPositions, deriveContractExtras, deriveTenderExtras, tenderPositions } from '../data/derive';
import { notFound } from './errors';
import { servedStatus } from './tenderStatus';

const LAW_CODES: Record<number, string> = { 1: '44-FZ', 2: '223-FZ', 3: 'commercial' };
const STAGES: Record<number, { code: string; name: string }> = {
  1: { code: 'executing', name: 'Исполнение' },
  2: { code: 'executed', name: 'Исполнение завершено' },
  3: { code: 'terminated', name: 'Исполнение прекращено' },
};

const nameIn = (items: readonly DictionaryItem[], id: number): string | null => items.find((i) => i.id === id)?.name ?? null;
const regionName = (code: number): string | null => {
  try {
    return regionByCode(code).name;
  } catch {
    return null;
  }
};
const okpd2Name = (code: string): string | null => {
  try {
    return okpd2Entry(code).name;
  } catch {
    return null;
  }
};

export class Renderer {
  constructor(
    private readonly db: Database.Database,
    private readonly seed: number,
    /** The sandbox clock, for the status a deadline decides (D-STATUS-1); without it, statuses as stored. */
    private readonly now: (() => number) | null = null,
    /** Where the sandbox's file route is (`http://127.0.0.1:PORT`), known once it listens: documents' URLs point there. */
    private readonly fileOrigin: () => string = () => '',
  ) {}

  tenderSummary(id: number, version: number): Record<string, unknown> {
    const { tender, ver, customer } = this.tenderAt(id, version);
    return tenderJson(tender, ver, customer, this.now?.() ?? null);
  }

  tenderCard(id: number, version: number, page: number, limit: number): Record<string, unknown> {
    const { tender, ver, customer } = this.tenderAt(id, version);
    const extras = deriveTenderExtras(this.seed, tender, customer, ver, this.fileOrigin());
    const core = tenderJson(tender, ver, customer, this.now?.() ?? null);
    const contractIds = (this.db.prepare('SELECT id FROM contracts WHERE tender_id = ? ORDER BY id').all(id) as { id: number }[]).map((r) => r.id);
    return {
      ...core,
      advance: extras.advance,
      source_url: extras.source_url,
      organization: {
        ...(core.organization as Record<string, unknown>),
        address: customer.address,
        administrator: extras.administrator,
      },
      lots: extras.lots,
      positions: tenderPositions(this.seed, tender, ver, page, limit),
      positions_total: tender.positions_count,
      positions_page: page,
      positions_page_size: limit,
      positions_pages: Math.ceil(tender.positions_count / limit),
      documents: extras.documents,
      contract_ids: contractIds,
    };
  }

  contractSummary(id: number, version: number): Record<string, unknown> {
    const c = this.contractAt(id, version);
    return contractJson(c);
  }

  contractCard(id: number, version: number, page: number, limit: number): Record<string, unknown> {
    const c = this.contractAt(id, version);
    const extras = deriveContractExtras(this.seed, c.contract, c.tender, c.supplier, c.ver);
    const core = contractJson(c);
    return {
      ...core,
      execution: { ...(core.execution as Record<string, unknown>), end_date: extras.execution_end_date, stages: extras.stages },
      positions: contractPositions(this.seed, c.contract, c.tender, c.ver, page, limit),
      positions_total: c.contract.positions_count,
      positions_page: page,
      positions_page_size: limit,
      positions_pages: Math.ceil(c.contract.positions_count / limit),
    };
  }

  private tenderAt(id: number, version: number): { tender: TenderRow; ver: TenderVersionRow; customer: OrganizationRow } {
    const tender = this.db.prepare('SELECT * FROM tenders WHERE id = ?').get(id) as TenderRow | undefined;
    const ver = this.db.prepare('SELECT * FROM tender_versions WHERE tender_id = ? AND version = ?').get(id, version) as TenderVersionRow | undefined;
    if (!tender || !ver) throw notFound(`No tender ${id} version ${version}.`);
    const customer = this.db.prepare('SELECT * FROM organizations WHERE id = ?').get(tender.customer_id) as OrganizationRow;
    return { tender, ver, customer };
  }

  private contractAt(id: number, version: number): {
    contract: ContractRow;
    ver: ContractVersionRow;
    tender: TenderRow;
    customer: OrganizationRow;
    supplier: OrganizationRow;
  } {
    const contract = this.db.prepare('SELECT * FROM contracts WHERE id = ?').get(id) as ContractRow | undefined;
    const ver = this.db.prepare('SELECT * FROM contract_versions WHERE contract_id = ? AND version = ?').get(id, version) as ContractVersionRow | undefined;
    if (!contract || !ver) throw notFound(`No contract ${id} version ${version}.`);
    const tender = this.db.prepare('SELECT * FROM tenders WHERE id = ?').get(contract.tender_id) as TenderRow;
    const org = this.db.prepare('SELECT * FROM organizations WHERE id = ?');
    return { contract, ver, tender, customer: org.get(tender.customer_id) as OrganizationRow, supplier: org.get(contract.supplier_id) as OrganizationRow };
  }
}

/**
 * A tender version as feeds deliver it, from its rows. Exported so that a benchmark rendering a million
 * tenders from one streaming join produces exactly what the API delivers. `nowMs` is the sandbox clock: an
 * `active` version past its deadline is served as «Работа комиссии» (D-STATUS-1); null keeps the stored status.
 */
export function tenderJson(
  t: TenderRow,
  v: Pick<TenderVersionRow, 'version' | 'status' | 'price' | 'end_date' | 'update_date'>,
  customer: Pick<OrganizationRow, 'name' | 'inn' | 'kpp' | 'ogrn'>,
  nowMs: number | null = null,
): Record<string, unknown> {
  const status = servedStatus(v.status, v.end_date, nowMs);
  const codes = t.okpd2.split(' ').filter(Boolean);
  return {
    id: t.id,
    etp_id: t.etp_id,
    version: v.version,
    name: t.title,
    description: t.description,
    law: LAW_CODES[t.purchase_type],
    purchase_type: { id: t.purchase_type, name: nameIn(PURCHASE_TYPES, t.purchase_type) },
    placement_type: { id: t.placement_type, name: nameIn(PLACEMENT_TYPES, t.placement_type) },
    platform: { id: t.platform, name: nameIn(PLATFORMS, t.platform) },
    region: { id: t.region, name: regionName(t.region) },
    status,
    price: v.price,
    currency: 'RUB',
    publish_date: t.publish_date,
    start_date: t.start_date,
    end_date: v.end_date,
    end_date_computed: false,
    update_date: v.update_date,
    okpd2: codes.map((code) => ({ code, name: okpd2Name(code) })),
    organization: { name: customer.name, inn: customer.inn, kpp: customer.kpp, ogrn: customer.ogrn },
    lots_count: t.lots_count,
    positions_total: t.positions_count,
  };
}

/** A contract version as feeds deliver it, from its rows (see tenderJson). */
export function contractJson(c: {
  contract: Pick<ContractRow, 'id' | 'reestr_number' | 'price' | 'sign_date'>;
  ver: Pick<ContractVersionRow, 'version' | 'stage' | 'paid' | 'update_date'>;
  tender: Pick<TenderRow, 'id' | 'etp_id' | 'purchase_type' | 'title' | 'region'>;
  customer: Pick<OrganizationRow, 'name' | 'inn' | 'kpp' | 'ogrn'>;
  supplier: Pick<OrganizationRow, 'name' | 'inn' | 'kpp' | 'ogrn' | 'address'>;
}): Record<string, unknown> {
  const stage = STAGES[c.ver.stage] ?? STAGES[1]!;
  const s = c.supplier;
  return {
    id: c.contract.id,
    reestr_number: c.contract.reestr_number,
    version: c.ver.version,
    tender_id: c.tender.id,
    tender_etp_id: c.tender.etp_id,
    law: LAW_CODES[c.tender.purchase_type],
    name: c.tender.title,
    region: { id: c.tender.region, name: regionName(c.tender.region) },
    customer: { name: c.customer.name, inn: c.customer.inn, kpp: c.customer.kpp, ogrn: c.customer.ogrn },
    suppliers: [{ name: s.name, inn: s.inn, kpp: s.kpp, ogrn: s.ogrn, address: s.address }],
    price: c.contract.price,
    currency: 'RUB',
    sign_date: c.contract.sign_date,
    execution: { stage: { id: c.ver.stage, ...stage }, paid: c.ver.paid },
    update_date: c.ver.update_date,
  };
}
