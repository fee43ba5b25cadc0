/**
 * What changed in a tender's documentation between two versions, document by document: added,
 * removed, changed or unchanged, matched by name and extension; for a changed document whose both texts were
 * extracted, a word-level diff (the `diff` package's diffWords) and a one-line summary of the edits
 * («Описание объекта закупки: 3 правки: «30» → «45», «12» → «17»»), the line the card's version history and a
 * marked tender's notification show. A document not downloaded or not read is said so, never guessed.
 */
import { diffWords } from 'diff';
import type { CacheDb } from '../cache/database';
import { cardStore } from '../cache/cardStore';
import { documentStore } from '../cache/documentStore';
import type { DocumentChangeFact } from '../domain/notifications';
import { documentationChangeLine } from '../i18n/documentChangeText';
import { pluralForm, type PluralForms } from '../i18n/plural';
import { text, type Text } from '../i18n/text';

const EDIT_RU: PluralForms = { one: 'правка', few: 'правки', many: 'правок', other: 'правки' };
import { tenderDocuments, type CardDocument } from './cardDocuments';

export type WordPart = { kind: 'same' | 'added' | 'removed'; text: string };

export type DocumentChange = {
  name: string;
  extension: string;
  change: 'added' | 'removed' | 'changed' | 'unchanged' | 'unknown';
  fromSha256: string | null;
  toSha256: string | null;
  /** The word diff, only for a changed document with both texts: unchanged runs cut to a few words of context. */
  parts: WordPart[];
  /** One line: what changed (or why it cannot be told). */
  summary: Text;
};

export type TenderDocumentsDiff = { tenderId: number; from: number; to: number; documents: DocumentChange[]; summary: Text };

export class DocumentDiffError extends Error {
  constructor(readonly text: Text) {
    super(text.en);
  }
}

/** The versions of a tender whose card the cache holds, newest first. */
export function cardVersions(cache: CacheDb, tenderId: number): number[] {
  const cards = cardStore(cache);
  const latest = cards.latestCardVersion('tender', tenderId);
  const out: number[] = [];
  for (let v = latest ?? 0; v >= 1; v--) if (cards.cachedPages('tender', tenderId, v).length > 0) out.push(v);
  return out;
}

const CONTEXT_WORDS = 6;

function trimContext(parts: WordPart[]): WordPart[] {
  return parts.map((p, i) => {
    if (p.kind !== 'same') return p;
    const words = p.text.split(/(\s+)/);
    if (words.length <= CONTEXT_WORDS * 4) return p;
    const head = i === 0 ? [] : words.slice(0, CONTEXT_WORDS * 2);
    const tail = i === parts.length - 1 ? [] : words.slice(-CONTEXT_WORDS * 2);
    return { kind: 'same', text: `${head.join('')} … ${tail.join('')}` };
  });
}

/** «a» → «b» pairs of a word diff (a removal followed by an addition), then lone additions and removals. */
function editsOf(parts: WordPart[]): string[] {
  const edits: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    const next = parts[i + 1];
    const clip = (s: string): string => (s.trim().length > 40 ? `${s.trim().slice(0, 40)}…` : s.trim());
    if (p.kind === 'removed' && next?.kind === 'added') {
      edits.push(`«${clip(p.text)}» → «${clip(next.text)}»`);
      i++;
    } else if (p.kind === 'added') edits.push(`+«${clip(p.text)}»`);
    else if (p.kind === 'removed') edits.push(`−«${clip(p.text)}»`);
  }
  return edits;
}


export function diffTenderDocuments(cache: CacheDb, tenderId: number, from?: number, to?: number): TenderDocumentsDiff {
  const versions = cardVersions(cache, tenderId);
  const toV = to ?? versions[0];
  const fromV = from ?? versions.find((v) => toV !== undefined && v < toV);
  if (toV === undefined || fromV === undefined) {
    throw new DocumentDiffError(
      text(
        `у закупки ${tenderId} в кэше ${versions.length === 0 ? 'нет карточки с номером версии' : 'карточка только одной версии'}: сравнивать не с чем (откройте карточку после изменения извещения)`,
        `tender ${tenderId} has ${versions.length === 0 ? 'no card with a version number' : 'a card of one version only'} in the cache: nothing to compare (open the card after the notice is amended)`,
      ),
    );
  }
  const a = tenderDocuments(cache, tenderId, fromV);
  const b = tenderDocuments(cache, tenderId, toV);
  if (!a || !b) throw new DocumentDiffError(text(`карточки версии ${!a ? fromV : toV} закупки ${tenderId} нет в кэше`, `the card of version ${!a ? fromV : toV} of tender ${tenderId} is not in the cache`));
  const docs = documentStore(cache);
  const key = (d: CardDocument): string => `${d.name.trim().toLowerCase()}.${d.extension}`;
  const shaOf = (d: CardDocument): string | null => {
    const f = docs.fetchOf(d.url);
    return f?.held ? f.sha256 : null;
  };
  const before = new Map(a.documents.map((d) => [key(d), d]));
  const after = new Map(b.documents.map((d) => [key(d), d]));
  const out: DocumentChange[] = [];
  for (const d of b.documents) {
    const old = before.get(key(d));
    if (!old) {
      out.push({ name: d.name, extension: d.extension, change: 'added', fromSha256: null, toSha256: shaOf(d), parts: [], summary: text(`${d.name}: добавлен`, `${d.name}: added`) });
      continue;
    }
    const [s1, s2] = [shaOf(old), shaOf(d)];
    if (old.url === d.url || (s1 !== null && s1 === s2)) {
      out.push({ name: d.name, extension: d.extension, change: 'unchanged', fromSha256: s1, toSha256: s2, parts: [], summary: text(`${d.name}: без изменений`, `${d.name}: unchanged`) });
      continue;
    }
    if (s1 === null || s2 === null) {
      out.push({
        name: d.name,
        extension: d.extension,
        change: 'unknown',
        fromSha256: s1,
        toSha256: s2,
        parts: [],
        summary: text(`${d.name}: новый адрес, но ${s1 === null ? `версия ${fromV}` : `версия ${toV}`} не скачана — сравнить нельзя (tenderwb docs fetch --tender ${tenderId})`, `${d.name}: a new address, but version ${s1 === null ? fromV : toV} is not downloaded: cannot compare`),
      });
      continue;
    }
    const [t1, t2] = [docs.textOf(s1), docs.textOf(s2)];
    if (t1?.state !== 'text' || t2?.state !== 'text') {
      out.push({ name: d.name, extension: d.extension, change: 'changed', fromSha256: s1, toSha256: s2, parts: [], summary: text(`${d.name}: файл изменён, текст сравнить нельзя (скан или не прочитан)`, `${d.name}: the file changed; its text cannot be compared (a scan or unread)`) });
      continue;
    }
    const parts: WordPart[] = diffWords(t1.text, t2.text).map((c) => ({ kind: c.added ? 'added' : c.removed ? 'removed' : 'same', text: c.value }));
    const edits = editsOf(parts);
    const n = edits.length;
    const summary =
      n === 0
        ? text(`${d.name}: файл изменён, текст тот же`, `${d.name}: the file changed, the text is the same`)
        : text(
            `${d.name}: ${n} ${pluralForm(n, EDIT_RU, 'ru')}: ${edits.slice(0, 3).join(', ')}${n > 3 ? ', …' : ''}`,
            `${d.name}: ${n} ${n === 1 ? 'edit' : 'edits'}: ${edits.slice(0, 3).join(', ')}${n > 3 ? ', …' : ''}`,
          );
    out.push({ name: d.name, extension: d.extension, change: n === 0 ? 'unchanged' : 'changed', fromSha256: s1, toSha256: s2, parts: trimContext(parts), summary });
  }
  for (const d of a.documents) {
    if (!after.has(key(d))) out.push({ name: d.name, extension: d.extension, change: 'removed', fromSha256: shaOf(d), toSha256: null, parts: [], summary: text(`${d.name}: удалён`, `${d.name}: removed`) });
  }
  const facts = documentChangeFacts(out);
  const summary =
    facts.length === 0
      ? text(`Документация версий ${fromV} и ${toV} не различается`, `The documentation of versions ${fromV} and ${toV} is the same`)
      : text(documentationChangeLine(facts, 'ru'), documentationChangeLine(facts, 'en'));
  return { tenderId, from: fromV, to: toV, documents: out, summary };
}

/**
 * The documents a diff found added, removed or changed, as a notification keeps them; one that changed but
 * cannot be compared (not downloaded) is a change whose summary says so.
 */
export function documentChangeFacts(documents: readonly DocumentChange[]): DocumentChangeFact[] {
  return documents
    .filter((d) => d.change !== 'unchanged')
    .map((d) => ({ document: d.name, change: d.change === 'unknown' ? 'changed' : d.change, summary: { ru: d.summary.ru, en: d.summary.en } }) as DocumentChangeFact);
}
