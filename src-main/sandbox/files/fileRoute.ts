/**
 * `GET /files/{tender}/{slot}.{rev}/{name}`: the sandbox's document host (docs/api-decisions.md,
 * "Sandbox documents"). Outside the API: no token is asked for and nothing is charged, as on the registries'
 * public file stores. The bytes are made again on every request from the seed and the rows of the revision,
 * after checking that this tender really published this revision of this slot (any other address is 404).
 *
 * The strict sandbox answers the same address with a 302 to `/storage/{tender}/{slot}.{rev}`, which sends the
 * bytes chunked (no Content-Length), as `application/octet-stream` and with no file name: a client must
 * follow a redirect and must not need the length, the type or the name from the server.
 */
import type { ServerResponse } from 'node:http';
import type { SandboxService } from '../service/sandboxService';
import { parseDocumentPath, planDocuments, fileNameOf, type DocumentAddress, type PlannedDocument } from '../data/documentPlan';
import type { OrganizationRow, TenderRow, TenderVersionRow } from '../data/rows';
import { documentText, type DocumentSource } from './documentText';
import { docxBytes, pdfBytes, rtfBytes, scanBytes, xlsxBytes, zipBytes, type Stamp } from './documentBytes';

export const FILES_PREFIX = '/files/';
const STORAGE_PREFIX = '/storage/';

export const isFilePath = (pathname: string): boolean => pathname.startsWith(FILES_PREFIX) || pathname.startsWith(STORAGE_PREFIX);

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  rtf: 'application/rtf',
  doc: 'application/msword',
};

type Rows = { tender: TenderRow; customer: OrganizationRow; versionAt(rev: number): TenderVersionRow | undefined };

function rowsOf(svc: SandboxService, tenderId: number): Rows | null {
  const tender = svc.db.prepare('SELECT * FROM tenders WHERE id = ?').get(tenderId) as TenderRow | undefined;
  if (!tender) return null;
  const customer = svc.db.prepare('SELECT * FROM organizations WHERE id = ?').get(tender.customer_id) as OrganizationRow;
  const version = svc.db.prepare('SELECT * FROM tender_versions WHERE tender_id = ? AND version = ?');
  return { tender, customer, versionAt: (rev) => version.get(tenderId, rev) as TenderVersionRow | undefined };
}

/** The planned document at this address, when the tender published exactly this revision of the slot. */
export function findDocument(svc: SandboxService, address: DocumentAddress): { doc: PlannedDocument; rows: Rows } | null {
  const rows = rowsOf(svc, address.tenderId);
  const version = rows?.versionAt(address.rev);
  if (!rows || !version) return null;
  const doc = planDocuments(svc.seed, rows.tender, version).find((d) => d.slot === address.slot);
  return doc && doc.rev === address.rev ? { doc, rows } : null;
}

/** The bytes of a planned document (a bundle's files each at their own revision). */
export async function documentBytes(seed: number, rows: Rows, doc: PlannedDocument): Promise<Buffer> {
  const version = rows.versionAt(doc.rev);
  if (!version) throw new Error(`tender ${rows.tender.id} has no version ${doc.rev}`);
  const stamp: Stamp = { date: new Date(Date.parse(version.update_date) || 0) };
  if (doc.kind === 'bundle') {
    const files: [string, Uint8Array][] = [];
    for (const m of doc.members) files.push([fileNameOf(m), await documentBytes(seed, rows, m)]);
    return zipBytes(files, stamp);
  }
  if (doc.scan) return scanBytes(rows.tender.id * 31 + doc.rev, stamp, doc.name);
  const src: DocumentSource = { seed, tender: rows.tender, version, customer: rows.customer };
  const text = documentText(src, doc);
  switch (doc.extension) {
    case 'docx':
      return docxBytes(text, stamp);
    case 'xlsx':
      return xlsxBytes(text, stamp);
    case 'rtf':
    case 'doc':
      return rtfBytes(text);
    default:
      return pdfBytes(text, stamp);
  }
}

function notFound(res: ServerResponse, pathname: string): void {
  const body = Buffer.from(JSON.stringify({ error: { code: 'not_found', message: `No document at ${pathname}.` } }));
  res.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) }).end(body);
}

export async function handleFile(svc: SandboxService, strict: boolean, method: string, pathname: string, res: ServerResponse): Promise<void> {
  if (method !== 'GET') {
    res.writeHead(405, { allow: 'GET', 'content-length': '0' }).end();
    return;
  }
  const storage = pathname.startsWith(STORAGE_PREFIX);
  const address = parseDocumentPath(storage ? FILES_PREFIX + pathname.slice(STORAGE_PREFIX.length) : pathname);
  const found = address && findDocument(svc, address);
  if (!address || !found) {
    notFound(res, pathname);
    return;
  }
  if (strict && !storage) {
    res.writeHead(302, { location: `${STORAGE_PREFIX}${address.tenderId}/${address.slot}.${address.rev}`, 'content-length': '0' }).end();
    return;
  }
  const bytes = await documentBytes(svc.seed, found.rows, found.doc);
  if (strict) {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' });
    res.end(bytes);
    return;
  }
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[found.doc.extension] ?? 'application/octet-stream',
    'content-length': String(bytes.length),
    'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(fileNameOf(found.doc))}`,
    'cache-control': 'public, max-age=31536000, immutable',
  });
  res.end(bytes);
}
