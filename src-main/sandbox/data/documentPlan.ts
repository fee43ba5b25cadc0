/**
 * Which documents a tender version lists and which revision of each it lists (docs/api-decisions.md,
 * "Sandbox documents"). Pure and cheap: a card derives it on every request, the file route derives it again to
 * check that a requested revision is one the tender really published.
 *
 * A document is a *slot* of the tender (the notice, an attachment of the law's set, a bundle, a change notice,
 * the protocol) with a *revision*: the version at which its text last changed. The URL names the slot and the
 * revision, and the bytes are made from the tender row and the version row of that revision, so an amendment
 * gives a changed document a new URL while every old URL keeps serving the old bytes.
 */
import { DOCUMENT_SETS, NOTICE_NAMES } from './dictionaries';
import { rngFor, STREAM } from './rng';
import { TENDER_STATUS, type TenderRow, type TenderVersionRow } from './rows';

export type DocumentKind =
  | 'notice'
  | 'spec'
  | 'contract'
  | 'nmck'
  | 'requirements'
  | 'form'
  | 'order'
  | 'terms'
  | 'documentation'
  | 'changes'
  | 'protocol'
  | 'cancellation'
  | 'bundle';

export interface PlannedDocument {
  /** Stable within the tender: `n` notice, `a0`..`a4` an attachment of the law's set, `z` the bundle, `c{v}` a change notice, `p`/`x` protocol/cancellation. */
  slot: string;
  kind: DocumentKind;
  name: string;
  extension: string;
  /** The version whose text this document shows. */
  rev: number;
  /** A scanned page with no text layer. */
  scan: boolean;
  /** A bundle's files (a nested bundle has its own). */
  members: PlannedDocument[];
}

type TenderShapeForPlan = Pick<TenderRow, 'id' | 'purchase_type' | 'placement_type'>;
type VersionForPlan = Pick<TenderVersionRow, 'version' | 'status'>;

/** Extra keys of the `extras` stream, apart from those derive.ts uses (1, 100+). */
const KEY = { shape: 900, change: 1000 } as const;

const KIND_BY_NAME: readonly (readonly [RegExp, DocumentKind])[] = [
  [/^Описание объекта|^Техническое задание/, 'spec'],
  [/^Проект (контракта|договора)/, 'contract'],
  [/^Обоснование начальной|^Форма коммерческого/, 'nmck'],
  [/^Требования к содержанию/, 'requirements'],
  [/^Форма заявки/, 'form'],
  [/^Порядок рассмотрения/, 'order'],
  [/^Условия участия/, 'terms'],
  [/^Документация о закупке/, 'documentation'],
];

/** How likely an amendment is to change a document of this kind. */
const CHANGE_CHANCE: Record<DocumentKind, number> = {
  notice: 1,
  spec: 0.7,
  contract: 0.3,
  nmck: 0.5,
  requirements: 0.15,
  form: 0.1,
  order: 0.15,
  terms: 0.2,
  documentation: 0.4,
  changes: 0,
  protocol: 0,
  cancellation: 0,
  bundle: 0,
};

const kindOf = (name: string): DocumentKind => KIND_BY_NAME.find(([re]) => re.test(name))?.[1] ?? 'documentation';

/** The shape fixed at publication: which attachments, whether bundled, which is a scan, the rare old formats. */
function tenderShape(seed: number, tender: TenderShapeForPlan): {
  attachments: { slot: string; name: string; extension: string; kind: DocumentKind }[];
  bundled: boolean;
  nested: boolean;
  scanSlot: string | null;
  changeScans: boolean;
} {
  // Same draw as before the documents existed (stream extras, key 1), so catalogue cards keep their document names.
  const rng = rngFor(seed, STREAM.extras, tender.id, 1);
  const law = tender.purchase_type as 1 | 2 | 3;
  const competitive = tender.placement_type === 2 || tender.placement_type === 4;
  const set = DOCUMENT_SETS[law].map((d, i) => ({ d, i })).filter(({ d: [name] }) => competitive || !name.startsWith('Порядок рассмотрения'));
  const chosen = set.slice(0, rng.int(1, set.length));
  const shape = rngFor(seed, STREAM.extras, tender.id, KEY.shape);
  // One tender in a few hundred carries its contract draft in an old format: .rtf, or a .doc that is RTF inside
  // (as many "doc" files on the registries are).
  const old = shape.int(0, 299);
  const attachments = chosen.map(({ d: [name, extension], i }) => {
    const kind = kindOf(name);
    const ext = kind === 'contract' && old === 0 ? 'rtf' : kind === 'contract' && old === 1 ? 'doc' : extension;
    return { slot: `a${i}`, name, extension: ext, kind };
  });
  const bundled = attachments.length >= 3 && shape.chance(0.2);
  const nested = bundled && shape.chance(0.4);
  const pdfs = attachments.filter((a) => a.extension === 'pdf');
  const scanSlot = pdfs.length > 0 && shape.chance(0.5) ? pdfs[0]!.slot : null;
  return { attachments, bundled, nested, scanSlot, changeScans: shape.chance(0.3) };
}

/** Whether an amendment at version `w` changed the document in `slot`. */
function changedAt(seed: number, tenderId: number, slot: string, kind: DocumentKind, w: number): boolean {
  let h = 0;
  for (const ch of slot) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return rngFor(seed, STREAM.extras, tenderId, KEY.change, w, h).chance(CHANGE_CHANCE[kind]);
}

/** The last version ≤ `lastChange` that changed the slot's text (1: as published). */
function revisionOf(seed: number, tenderId: number, slot: string, kind: DocumentKind, lastChange: number): number {
  for (let w = lastChange; w >= 2; w--) if (changedAt(seed, tenderId, slot, kind, w)) return w;
  return 1;
}

/**
 * The documents of a version: the notice, the law's attachments (or one ZIP that holds them, sometimes with a
 * ZIP inside), one «Изменения в извещение» for each of the last (at most two) amendments, and the protocol or
 * the cancellation once the tender is closed. At most nine, so `tender id × 10 + n` stays a unique id.
 */
export function planDocuments(seed: number, tender: TenderShapeForPlan, version: VersionForPlan): PlannedDocument[] {
  const shape = tenderShape(seed, tender);
  const closed = version.status !== TENDER_STATUS.active;
  const lastChange = closed ? version.version - 1 : version.version;
  const doc = (slot: string, kind: DocumentKind, name: string, extension: string, scan = false): PlannedDocument => ({
    slot,
    kind,
    name,
    extension,
    rev: Math.max(1, revisionOf(seed, tender.id, slot, kind, lastChange)),
    scan,
    members: [],
  });
  const out: PlannedDocument[] = [doc('n', 'notice', NOTICE_NAMES[tender.placement_type] ?? 'Извещение о закупке', 'pdf')];
  const attached = shape.attachments.map((a) => doc(a.slot, a.kind, a.name, a.extension, a.slot === shape.scanSlot));
  if (shape.bundled) {
    let members = attached;
    if (shape.nested) {
      // The tables and forms travel in an inner archive, as customers often pack «Приложения».
      const inner = attached.filter((a) => a.extension === 'xlsx' || a.kind === 'form');
      if (inner.length > 0 && inner.length < attached.length) {
        members = [
          ...attached.filter((a) => !inner.includes(a)),
          { slot: 'y', kind: 'bundle', name: 'Приложения', extension: 'zip', rev: Math.max(...inner.map((m) => m.rev)), scan: false, members: inner },
        ];
      }
    }
    out.push({ slot: 'z', kind: 'bundle', name: 'Документация о закупке', extension: 'zip', rev: Math.max(...members.map((m) => m.rev)), scan: false, members });
  } else out.push(...attached);
  for (let v = Math.max(2, lastChange - 1); v <= lastChange; v++) {
    out.push({ slot: `c${v}`, kind: 'changes', name: `Изменения в извещение (редакция № ${v})`, extension: 'pdf', rev: v, scan: shape.changeScans, members: [] });
  }
  if (version.status === TENDER_STATUS.completed) {
    out.push({ slot: 'p', kind: 'protocol', name: 'Протокол подведения итогов определения поставщика (подрядчика, исполнителя)', extension: 'pdf', rev: version.version, scan: false, members: [] });
  }
  if (version.status === TENDER_STATUS.cancelled) {
    out.push({ slot: 'x', kind: 'cancellation', name: 'Извещение об отмене определения поставщика (подрядчика, исполнителя)', extension: 'pdf', rev: version.version, scan: false, members: [] });
  }
  return out;
}

/** The versions at which the slot's text changed, oldest first, up to `rev` (for the amendments' edits). */
export function changeVersions(seed: number, tenderId: number, slot: string, kind: DocumentKind, rev: number): number[] {
  const out: number[] = [];
  for (let w = 2; w <= rev; w++) if (changedAt(seed, tenderId, slot, kind, w)) out.push(w);
  return out;
}

/** `/files/{tender}/{slot}.{rev}/{file name}`: everything the file route needs to make the same bytes again. */
export function documentPath(tenderId: number, d: Pick<PlannedDocument, 'slot' | 'rev' | 'name' | 'extension'>): string {
  return `/files/${tenderId}/${d.slot}.${d.rev}/${encodeURIComponent(fileNameOf(d))}`;
}

export const fileNameOf = (d: Pick<PlannedDocument, 'name' | 'extension'>): string => `${d.name}.${d.extension}`;

export type DocumentAddress = { tenderId: number; slot: string; rev: number };

/** The inverse of `documentPath` (the file name is not needed and not trusted); null when it is not one. */
export function parseDocumentPath(pathname: string): DocumentAddress | null {
  const m = /^\/files\/(\d{1,15})\/([a-z]\d{0,3})\.(\d{1,6})(?:\/[^/]*)?$/.exec(pathname);
  if (!m) return null;
  return { tenderId: Number(m[1]), slot: m[2]!, rev: Number(m[3]) };
}
