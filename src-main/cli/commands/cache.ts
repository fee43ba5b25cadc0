/** `tenderwb cache stats|search|versions|rebuild`: what is held locally, searchable offline; a new cache after damage. */
import { parseCommandArgs } from '../args';
import { CliError, formatInt, formatRub } from '../output';
import type { CliContext } from '../context';
import { cacheStats } from '../../cache/stats';
import { offlineSearch } from '../../cache/offlineSearch';
import { versionStore } from '../../cache/versionStore';
import { searchStore } from '../../cache/searchStore';
import { savedSearchNameOf } from '../../i18n/criteriaSummary';
import { usageError } from '../help';
import { moscowDateText } from '../moscowTime';

export async function cacheCommand(ctx: CliContext, args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === 'rebuild') {
    parseCommandArgs(rest, {});
    const r = await ctx.rebuildCache();
    if (!r) throw new CliError({ ru: 'у этого профиля нет повреждённого кэша: пересобирать нечего', en: 'this profile has no damaged cache: there is nothing to rebuild' }, 2);
    const n = r.recovered;
    const from = r.movedTo;
    ctx.out.result({ moved_to: from, recovered: { saved_searches: n.savedSearches, lists: n.lists, list_items: n.listItems, pending_edits: n.pendingEdits } }, () =>
      from === null
        ? ctx.tr(
            'создан новый кэш; перемещённого файла старого кэша рядом нет, восстанавливать не из чего.',
            'a new cache was made; there is no moved file of the old cache beside it, so nothing was recovered.',
          )
        : ctx.tr(
            `создан новый кэш; из ${from} восстановлено: сохранённых поисков ${n.savedSearches}, списков ${n.lists} (участников ${n.listItems}), неотправленных правок ${n.pendingEdits}. Чтобы заново загрузить сохранённые поиски, выполните tenderwb sync --all.`,
            `a new cache was made; from ${from} recovered: ${n.savedSearches} saved searches, ${n.lists} lists (${n.listItems} members), ${n.pendingEdits} pending edits. Run "tenderwb sync --all" to read the saved searches again.`,
          ),
    );
    return;
  }
  const cache = await ctx.cache();
  if (sub === 'stats') {
    parseCommandArgs(rest, {});
    const s = cacheStats(cache);
    const searches = searchStore(cache).list();
    const { locale } = ctx;
    ctx.out.result({ ...s, saved_searches: searches.map((x) => ({ filter_id: x.filterId, label: x.label, events: x.events, expires_at: x.expiresAt })) }, () =>
      [
        ctx.tr(
          `закупок: ${formatInt(s.objects.tender)} (версий: ${formatInt(s.versions.tender)}), контрактов: ${formatInt(s.objects.contract)} (версий: ${formatInt(s.versions.contract)})`,
          `tenders: ${formatInt(s.objects.tender)} (${formatInt(s.versions.tender)} versions), contracts: ${formatInt(s.objects.contract)} (${formatInt(s.versions.contract)} versions)`,
        ),
        ctx.tr(
          `получений: ${formatInt(s.deliveries.total)} (оплачено ${formatInt(s.deliveries.billed)}, повторных ${formatInt(s.deliveries.repeats)}), карточек в кэше: ${formatInt(s.cachedCards)}`,
          `deliveries: ${formatInt(s.deliveries.total)} (${formatInt(s.deliveries.billed)} billed, ${formatInt(s.deliveries.repeats)} repeats), cached cards: ${formatInt(s.cachedCards)}`,
        ),
        ctx.tr(
          `сохранённые поиски: ${searches.map((x) => savedSearchNameOf(x, locale)).join(', ') || 'нет'}; списков: ${s.lists}; строк журнала: ${s.ledgerRows}; неотправленных правок: ${s.outboxPending}`,
          `saved searches: ${searches.map((x) => savedSearchNameOf(x, locale)).join(', ') || 'none'}; lists: ${s.lists}; ledger rows: ${s.ledgerRows}; pending edits: ${s.outboxPending}`,
        ),
        ctx.tr(`на диске: ${(s.disk.totalBytes / 2 ** 20).toLocaleString('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} МБ (${cache.file})`, `on disk: ${(s.disk.totalBytes / 2 ** 20).toFixed(1)} MB (${cache.file})`),
      ].join('\n'),
    );
    return;
  }
  if (sub === 'search') {
    const a = parseCommandArgs(rest, { limit: { type: 'string' } });
    const text = a.positionals.join(' ').trim();
    if (!text) throw usageError('cache', 'search');
    const limit = Number(a.values.limit ?? 50);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new CliError({ ru: '--limit — от 1 до 500', en: '--limit is 1..500' }, 2);
    const page = offlineSearch(cache).search({ text }, { limit });
    for (const r of page.rows) {
      ctx.out.result({ ...r }, `${r.id}\t${r.publishDate ? moscowDateText(r.publishDate, ctx.locale) : ''}\t${formatRub(r.price)}\t${r.name ?? ''}`);
    }
    if (!page.rows.length) ctx.out.info(ctx.tr('в кэше ничего не найдено', 'nothing in the cache matches'));
    return;
  }
  if (sub === 'versions') {
    parseCommandArgs(rest, {});
    for (const v of versionStore(cache).allVersions()) ctx.out.result({ kind: v.kind, id: v.id, version: v.version }, `${v.kind}\t${v.id}\t${v.version}`);
    return;
  }
  throw usageError('cache', undefined, sub === undefined ? undefined : { ru: `нет подкоманды «${sub}»`, en: `no subcommand "${sub}"` });
}
