/**
 * `tenderwb docs`: tender documentation offline.
 * - `docs fetch (--tender ID... | --list LIST_ID | --label L | --marked | --auto) [--max-mb N] [--file-max-mb N]`:
 *   downloads the documents of the held cards (no API request, no units: a document's URL is outside the API),
 *   with progress, and ends with a summary (files, bytes, new, already held, failed). `--auto`: what the
 *   settings choose for automatic download (../autoDocuments.ts), as `sync` does at its end.
 * - `docs list TENDER_ID`: each document of the newest held card with its state, size and sha256.
 * - `docs open TENDER_ID NAME [--path-only]`: copies a held document to a temporary file with a safe name and
 *   opens it with the system's program (or prints the path); an executable name or extension is refused.
 * - `docs search 'PHRASE' [--law L] [--region N] [--tag T] [--status S] [--limit N]`: «в документах», a hit
 *   per tender document with a snippet (matched words between [ and ]).
 * - `docs diff TENDER_ID [--from V] [--to V]`: what changed in the documentation between two held versions,
 *   document by document, with a word diff of a changed text ([-removed-]{+added+}).
 * `--json`: one object per line.
 */
import { spawn } from 'node:child_process';
import { parseCommandArgs } from '../args';
import { CliError, formatInt } from '../output';
import type { CliContext } from '../context';
import { usageError } from '../help';
import { documentSearch } from '../../cache/documentSearch';
import { OfflineQueryError } from '../../cache/errors';
import { listStore } from '../../cache/listStore';
import { markStore } from '../../cache/markStore';
import { tenderIdsOfSavedSearch } from '../../cache/insightStore';
import { findSaved } from '../../current/savedSearches';
import { documentFilesOf, downloadDocuments } from '../../documents/downloadDocuments';
import { tenderDocumentStates } from '../../documents/documentStates';
import { copyDocumentForOpening, DocumentOpenError, findTenderDocument } from '../../documents/openDocument';
import type { FetchEvent, FetchSummary } from '../../documents/fetchDocuments';
import { diffTenderDocuments, DocumentDiffError } from '../../documents/documentDiff';
import { pick } from '../../i18n/text';
import { AUTO_OFF, runCliAutoDownload } from '../autoDocuments';

const MB = 1024 * 1024;

export async function docsCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === 'fetch') return fetchCommand(ctx, rest, signal);
  if (sub === 'list') return listCommand(ctx, rest);
  if (sub === 'open') return openCommand(ctx, rest);
  if (sub === 'search') return searchCommand(ctx, rest);
  if (sub === 'diff') return diffCommand(ctx, rest);
  throw usageError('docs');
}

const mb = (bytes: number): string => (bytes / MB).toLocaleString('ru-RU', { maximumFractionDigits: 1 });

function positiveNumber(value: string | undefined, flag: string): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new CliError({ ru: `${flag} — число мегабайт больше нуля`, en: `${flag} is a number of megabytes above zero` }, 2);
  return n;
}

function tenderId(raw: string | undefined, sub: string): number {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) throw usageError('docs', sub, { ru: 'ID закупки — число', en: 'a tender id is a number' });
  return Number(raw);
}

async function fetchCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const a = parseCommandArgs(args, {
    tender: { type: 'string', multiple: true },
    list: { type: 'string' },
    label: { type: 'string' },
    marked: { type: 'boolean' },
    auto: { type: 'boolean' },
    'max-mb': { type: 'string' },
    'file-max-mb': { type: 'string' },
  });
  const tenders = (a.values.tender as string[] | undefined) ?? [];
  const ways = [tenders.length > 0, a.values.list !== undefined, a.values.label !== undefined, a.values.marked === true, a.values.auto === true].filter(Boolean).length;
  if (ways !== 1 || a.positionals.length > 0) {
    throw usageError('docs', 'fetch', {
      ru: 'укажите одно: --tender ID, --list LIST_ID, --label МЕТКА, --marked или --auto',
      en: 'give one of --tender ID, --list LIST_ID, --label LABEL, --marked or --auto',
    });
  }
  const maxMbGiven = positiveNumber(a.values['max-mb'] as string | undefined, '--max-mb');
  const fileMaxMb = positiveNumber(a.values['file-max-mb'] as string | undefined, '--file-max-mb');
  // Without a flag, the limits of the settings (the app's, read the app's way): the same disk protected either way.
  const limits = await ctx.documentSettings();
  const cache = await ctx.cache();
  if (a.values.auto === true) {
    // What the settings choose, within their limits (the flags above them when given): sync does the same.
    const outcome = await runCliAutoDownload(ctx, cache, signal, { perDocument: true, overrides: { maxTotalMb: maxMbGiven, maxFileMb: fileMaxMb } });
    if (!outcome) return void ctx.out.info(ctx.tr(AUTO_OFF.ru, AUTO_OFF.en));
    return endOfFetch(outcome.fetched);
  }
  let ids: number[];
  if (tenders.length > 0) ids = tenders.map((t) => tenderId(t, 'fetch'));
  else if (a.values.list !== undefined) {
    const listId = String(a.values.list);
    if (!listStore(cache).getList(listId)) throw new CliError({ ru: `списка ${listId} нет в кэше (tenderwb list show ${listId})`, en: `list ${listId} is not in the cache (tenderwb list show ${listId})` });
    ids = listStore(cache).items(listId).map((m) => m.tenderId);
  } else if (a.values.label !== undefined) {
    // A saved search by its label or filter id, as everywhere else: its tenders held in the cache.
    const label = String(a.values.label);
    const search = findSaved(cache, label);
    if (!search) throw new CliError({ ru: `нет сохранённого поиска «${label}»: укажите его метку или filter_id`, en: `no saved search "${label}": give its label or filter id` });
    ids = tenderIdsOfSavedSearch(cache, search.filterId);
  } else ids = markStore(cache).markedIds({});
  const locale = ctx.locale;
  // The same use case as the app's «Скачать документы» job: download, then read the text of what is new.
  const { fetched: summary, extracted } = await downloadDocuments({
    cache,
    tenderIds: ids,
    maxTotalMb: maxMbGiven ?? limits.maxTotalMb,
    maxFileMb: fileMaxMb ?? limits.maxFileMb,
    signal,
    onExtracted: (_sha, _r, done, total) => ctx.out.progress(ctx.tr(`Текст документов: ${done} из ${total}`, `Documents' text: ${done} of ${total}`), done / total),
    onEvent: (e: FetchEvent) => {
      if (e.type === 'bytes') {
        ctx.out.progress(`${e.document.name}: ${mb(e.received)}${e.total !== null ? ` / ${mb(e.total)}` : ''} ${ctx.tr('МБ', 'MB')}`, e.total ? e.received / e.total : undefined);
        return;
      }
      if (e.type === 'no_card') {
        ctx.out.info(ctx.tr(`Закупка ${e.tenderId}: карточки нет в кэше — откройте её (tenderwb card tender ${e.tenderId}), документы берутся из карточки`, `Tender ${e.tenderId}: its card is not in the cache; open it ("tenderwb card tender ${e.tenderId}"), the documents come from the card`));
        return;
      }
      ctx.out.result(
        { tender_id: e.tenderId, document: e.document.name, url: e.document.url, outcome: e.outcome, bytes: e.bytes, sha256: e.sha256, reason: e.reason ? pick(e.reason, locale) : null },
        () => {
          const what = e.outcome === 'new' ? ctx.tr('скачан', 'downloaded') : e.outcome === 'held' ? ctx.tr('уже есть', 'already held') : ctx.tr('ошибка', 'failed');
          const tail = e.reason ? `: ${pick(e.reason, locale)}` : ` (${mb(e.bytes)} ${ctx.tr('МБ', 'MB')})`;
          return `[${e.done}/${e.total}] ${e.tenderId} «${e.document.name}» — ${what}${tail}`;
        },
      );
    },
  });
  ctx.out.endProgress();
  const stopped = summary.stopped ? pick(summary.stopped, locale) : null;
  ctx.out.result(
    {
      summary: true,
      tenders: summary.tenders,
      files: summary.files,
      bytes: summary.bytes,
      new: summary.fresh,
      held: summary.held,
      failed: summary.failed,
      no_card: summary.noCard,
      stopped,
      text_read: extracted.read,
      scans: extracted.scans,
      text_failed: extracted.failed,
    },
    () =>
      ctx.tr(
        `Итого: файлов ${formatInt(summary.files)}, ${mb(summary.bytes)} МБ; новых ${summary.fresh}, уже были ${summary.held}, ошибок ${summary.failed}` +
          (summary.noCard.length ? `; без карточки в кэше: ${summary.noCard.join(', ')}` : '') +
          (extracted.read ? `\nТекст прочитан: ${extracted.text}, сканов без текста: ${extracted.scans}, не прочитано: ${extracted.failed}` : '') +
          '',
        `Total: ${formatInt(summary.files)} files, ${mb(summary.bytes)} MB; new ${summary.fresh}, already held ${summary.held}, failed ${summary.failed}` +
          (summary.noCard.length ? `; no card in the cache: ${summary.noCard.join(', ')}` : '') +
          (extracted.read ? `\nText read: ${extracted.text}, scans without text: ${extracted.scans}, unreadable: ${extracted.failed}` : ''),
      ),
  );
  endOfFetch(summary);
}

/**
 * A fetch that stopped at the disk limit or left files failed ends with exit code 1 and says so (the summary is
 * printed first). main() answers the command's exit code, so this is an error thrown, not process.exitCode.
 */
function endOfFetch(summary: FetchSummary): void {
  if (summary.stopped) throw new CliError(summary.stopped, 1);
  if (summary.failed > 0) {
    throw new CliError(
      { ru: `не скачано файлов: ${summary.failed} (причины выше); запустите команду снова — скачанное не повторяется`, en: `${summary.failed} files not downloaded (reasons above); run the command again: what is held is not fetched again` },
      1,
    );
  }
}

async function listCommand(ctx: CliContext, args: string[]): Promise<void> {
  const a = parseCommandArgs(args, {});
  if (a.positionals.length !== 1) throw usageError('docs', 'list');
  const id = tenderId(a.positionals[0], 'list');
  const cache = await ctx.cache();
  // The states as the app's card shows them (documents/documentStates.ts).
  const held = tenderDocumentStates(cache, documentFilesOf(cache), id);
  if (!held) throw new CliError({ ru: `карточки закупки ${id} нет в кэше — откройте её (tenderwb card tender ${id})`, en: `tender ${id}'s card is not in the cache; open it ("tenderwb card tender ${id}")` });
  if (held.documents.length === 0) ctx.out.info(ctx.tr(`У закупки ${id} (версия ${held.version}) документов нет.`, `Tender ${id} (version ${held.version}) lists no documents.`));
  for (const d of held.documents) {
    const { state, bytes, sha256 } = d;
    const reason = d.reason ? pick(d.reason, ctx.locale) : null;
    ctx.out.result({ tender_id: id, version: held.version, id: d.id, name: d.name, extension: d.extension, url: d.url, state, bytes, sha256, reason, format: d.format, chars: d.chars }, () => {
      const size = `${mb(bytes ?? 0)} ${ctx.tr('МБ', 'MB')}`;
      const said =
        state === 'downloaded'
          ? ctx.tr(`скачан (${size})`, `downloaded (${size})`)
          : state === 'text_extracted'
            ? ctx.tr(`текст извлечён (${size})`, `text extracted (${size})`)
            : state === 'scan'
              ? `${reason} (${size})`
              : state === 'failed'
                ? ctx.tr(`ошибка: ${reason}`, `failed: ${reason}`)
                : ctx.tr('не скачан', 'not downloaded');
      return `${d.ordinal}. ${d.name}${d.extension ? `.${d.extension}` : ''} — ${said}`;
    });
  }
}

async function openCommand(ctx: CliContext, args: string[]): Promise<void> {
  const a = parseCommandArgs(args, { 'path-only': { type: 'boolean' } });
  if (a.positionals.length !== 2) throw usageError('docs', 'open');
  const id = tenderId(a.positionals[0], 'open');
  const cache = await ctx.cache();
  // The app's «Открыть» does the same (documents/openDocument.ts): a copy under a safe name, executables refused.
  let copy;
  let name;
  try {
    const doc = findTenderDocument(cache, id, a.positionals[1]!);
    name = doc.name;
    copy = await copyDocumentForOpening(cache, documentFilesOf(cache), id, doc);
  } catch (e) {
    if (e instanceof DocumentOpenError) throw new CliError(e.text);
    throw e;
  }
  const { path } = copy;
  ctx.out.result({ tender_id: id, name, path, sha256: copy.sha256 }, path);
  if (a.values['path-only']) return;
  const opener = process.platform === 'darwin' ? ['open', [path]] : process.platform === 'win32' ? ['explorer.exe', [path]] : ['xdg-open', [path]];
  const child = spawn(opener[0] as string, opener[1] as string[], { detached: true, stdio: 'ignore' });
  child.on('error', () => ctx.out.info(ctx.tr(`Не удалось открыть программой системы; файл: ${path}`, `Could not open with the system's program; the file: ${path}`)));
  child.unref();
}

async function searchCommand(ctx: CliContext, args: string[]): Promise<void> {
  const a = parseCommandArgs(args, {
    law: { type: 'string', multiple: true },
    region: { type: 'string', multiple: true },
    tag: { type: 'string' },
    status: { type: 'string' },
    limit: { type: 'string' },
  });
  const phrase = a.positionals.join(' ').trim();
  if (phrase === '') throw usageError('docs', 'search');
  const regions = ((a.values.region as string[] | undefined) ?? []).map((r) => {
    if (!/^\d{1,3}$/.test(r)) throw new CliError({ ru: `--region — код региона числом (77), а не «${r}»`, en: `--region is a region code (77), not "${r}"` }, 2);
    return Number(r);
  });
  const limit = a.values.limit === undefined ? 50 : Number(a.values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new CliError({ ru: '--limit — от 1 до 500', en: '--limit is 1..500' }, 2);
  const cache = await ctx.cache();
  let hits;
  try {
    hits = documentSearch(cache).search({
      text: phrase,
      laws: (a.values.law as string[] | undefined) ?? [],
      regions,
      ...(a.values.tag !== undefined ? { tag: String(a.values.tag) } : {}),
      ...(a.values.status !== undefined ? { status: String(a.values.status) } : {}),
      limit,
    });
  } catch (e) {
    if (e instanceof OfflineQueryError) throw new CliError(e.text, 2);
    throw e;
  }
  if (hits.length === 0) ctx.out.info(ctx.tr('В скачанных документах ничего не найдено.', 'Nothing found in the downloaded documents.'));
  for (const h of hits) {
    ctx.out.result({ tender_id: h.tenderId, version: h.version, document: h.document, extension: h.extension, snippet: h.snippet, sha256: h.sha256 }, () => `${h.tenderId}  «${h.document}»\n    ${h.snippet}`);
  }
}

async function diffCommand(ctx: CliContext, args: string[]): Promise<void> {
  const a = parseCommandArgs(args, { from: { type: 'string' }, to: { type: 'string' } });
  if (a.positionals.length !== 1) throw usageError('docs', 'diff');
  const id = tenderId(a.positionals[0], 'diff');
  const version = (v: unknown, flag: string): number | undefined => {
    if (v === undefined) return undefined;
    if (!/^\d{1,9}$/.test(String(v))) throw new CliError({ ru: `${flag} — номер версии`, en: `${flag} is a version number` }, 2);
    return Number(v);
  };
  const cache = await ctx.cache();
  let diff;
  try {
    diff = diffTenderDocuments(cache, id, version(a.values.from, '--from'), version(a.values.to, '--to'));
  } catch (e) {
    if (e instanceof DocumentDiffError) throw new CliError(e.text);
    throw e;
  }
  // The heading is the notifications' one line (i18n/documentChangeText.ts, through the diff's summary).
  ctx.out.info(ctx.tr(`Закупка ${id}: документация версии ${diff.from} → ${diff.to}: ${diff.summary.ru}`, `Tender ${id}: documentation, version ${diff.from} → ${diff.to}: ${diff.summary.en}`));
  for (const d of diff.documents) {
    ctx.out.result(
      {
        tender_id: id,
        from: diff.from,
        to: diff.to,
        document: d.name,
        extension: d.extension,
        change: d.change,
        from_sha256: d.fromSha256,
        to_sha256: d.toSha256,
        summary: pick(d.summary, ctx.locale),
        diff: d.parts.filter((p) => p.kind !== 'same' || d.parts.length > 1),
      },
      () => {
        const head = pick(d.summary, ctx.locale);
        if (d.change !== 'changed' || d.parts.length === 0) return head;
        const body = d.parts.map((p) => (p.kind === 'added' ? `{+${p.text}+}` : p.kind === 'removed' ? `[-${p.text}-]` : p.text)).join('');
        return `${head}\n${body.replace(/\n{2,}/g, '\n').split('\n').filter((l) => /\[-|\{\+/.test(l)).map((l) => `    ${l.trim()}`).join('\n')}`;
      },
    );
  }
}
