/**
 * The CLI's automatic download of documents: `tenderwb docs fetch --auto`, and `tenderwb sync` at
 * its end, download and read the documents of the tenders chosen in the settings (settings.json's `documents`:
 * the marked ones, lists, saved searches), within its size limits, and print what changed in the
 * documentation of a marked tender in the notifications' one line, once per tender and version (the CLI's
 * notification channel, as `sync --follow`). Nothing chosen: nothing is downloaded and `--auto` says where to
 * choose.
 */
import type { CacheDb } from '../cache/database';
import { BlobStore } from '../docfiles/blobStore';
import { DocumentExtractor } from '../docfiles/extract/extractRunner';
import type { DocumentSettings } from '../contract/settingsShapes';
import { autoDownloadChosen, runAutoDownload, type AutoDownloadOutcome } from '../documents/autoDownload';
import type { FetchEvent } from '../documents/fetchDocuments';
import { notificationText } from '../i18n/notificationText';
import { pick } from '../i18n/text';
import { Notifier, type Told } from '../notifications/index';
import type { CliContext } from './context';
import { formatInt } from './output';

const MB = 1024 * 1024;
const mb = (bytes: number): string => (bytes / MB).toLocaleString('ru-RU', { maximumFractionDigits: 1 });

export const AUTO_OFF = {
  ru: 'Автоматическая загрузка документов выключена: выберите отмеченные закупки, списки или сохранённые поиски в «Настройки → Документы» (settings.json, раздел documents)',
  en: 'Automatic document download is off: choose marked tenders, lists or saved searches in Settings → Documents (settings.json, the documents section)',
};

/**
 * One automatic run; null when the settings choose nothing. `overrides` are the command's --max-mb and
 * --file-max-mb over the settings' limits. Prints a line per document with `perDocument`, then the summary.
 */
export async function runCliAutoDownload(
  ctx: CliContext,
  cache: CacheDb,
  signal: AbortSignal,
  opts: { perDocument: boolean; overrides?: { maxTotalMb?: number | null; maxFileMb?: number | null } },
): Promise<AutoDownloadOutcome | null> {
  const read = await ctx.documentSettings();
  const settings: DocumentSettings = { ...read, maxTotalMb: opts.overrides?.maxTotalMb ?? read.maxTotalMb, maxFileMb: opts.overrides?.maxFileMb ?? read.maxFileMb };
  if (!autoDownloadChosen(settings)) return null;
  const { locale } = ctx;
  const extractor = new DocumentExtractor();
  let outcome: AutoDownloadOutcome | null;
  try {
    outcome = await runAutoDownload({
      cache,
      store: BlobStore.besideCache(cache.file),
      extractor,
      settings,
      signal,
      onEvent: (e: FetchEvent) => {
        if (e.type === 'bytes') {
          ctx.out.progress(`${e.document.name}: ${mb(e.received)}${e.total !== null ? ` / ${mb(e.total)}` : ''} ${ctx.tr('МБ', 'MB')}`, e.total ? e.received / e.total : undefined);
          return;
        }
        if (e.type !== 'document' || !opts.perDocument) return;
        ctx.out.result(
          { tender_id: e.tenderId, document: e.document.name, url: e.document.url, outcome: e.outcome, bytes: e.bytes, sha256: e.sha256, reason: e.reason ? pick(e.reason, locale) : null },
          () => {
            const what = e.outcome === 'new' ? ctx.tr('скачан', 'downloaded') : e.outcome === 'held' ? ctx.tr('уже есть', 'already held') : ctx.tr('ошибка', 'failed');
            return `[${e.done}/${e.total}] ${e.tenderId} «${e.document.name}» — ${what}${e.reason ? `: ${pick(e.reason, locale)}` : ` (${mb(e.bytes)} ${ctx.tr('МБ', 'MB')})`}`;
          },
        );
      },
      onExtracted: (done, total) => ctx.out.progress(ctx.tr(`Текст документов: ${done} из ${total}`, `Documents' text: ${done} of ${total}`), done / total),
    });
  } finally {
    await extractor.close();
  }
  ctx.out.endProgress();
  if (!outcome) return null;
  for (const m of outcome.scope.missing) ctx.out.info(pick(m, locale));
  const { fetched: f, extracted: x } = outcome;
  const stopped = f.stopped ? pick(f.stopped, locale) : null;
  // `docs fetch --auto` ends with the stop as its error (exit 1); `sync` goes on, so its summary says it.
  ctx.out.result(
    { summary: true, auto: true, tenders: f.tenders, files: f.files, bytes: f.bytes, new: f.fresh, held: f.held, failed: f.failed, no_card: f.noCard, stopped, text_read: x.read, scans: x.scans, text_failed: x.failed },
    () =>
      ctx.tr(
        `Документы (автозагрузка): закупок ${formatInt(f.tenders)}, файлов ${formatInt(f.files)}, ${mb(f.bytes)} МБ; новых ${f.fresh}, уже были ${f.held}, ошибок ${f.failed}` +
          (f.noCard.length ? `; без карточки в кэше: ${f.noCard.length}` : '') +
          (x.read ? `\nТекст прочитан: ${x.text}, сканов без текста: ${x.scans}, не прочитано: ${x.failed}` : '') +
          (stopped && opts.perDocument === false ? `\n${stopped}` : ''),
        `Documents (automatic): ${formatInt(f.tenders)} tenders, ${formatInt(f.files)} files, ${mb(f.bytes)} MB; new ${f.fresh}, already held ${f.held}, failed ${f.failed}` +
          (f.noCard.length ? `; no card in the cache: ${f.noCard.length}` : '') +
          (x.read ? `\nText read: ${x.text}, scans without text: ${x.scans}, unreadable: ${x.failed}` : '') +
          (stopped && opts.perDocument === false ? `\n${stopped}` : ''),
      ),
  );
  // What changed in a marked tender's documentation: the notification's own words, told once on this channel.
  const tell = (told: Told): void => {
    if (told.summary) return;
    const { title, body } = notificationText(told.event, locale);
    ctx.out.result({ ...told.event, title, body }, `${title}: ${body}`);
  };
  new Notifier({ channel: 'cli', quietHours: () => null, tell }).offer(cache, outcome.changed);
  return outcome;
}
