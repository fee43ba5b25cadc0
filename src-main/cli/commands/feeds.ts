/** `tenderwb search` and `tenderwb sync`: saved searches and reading their feeds into the cache. */
import { readFileSync } from 'node:fs';
import { parseCommandArgs } from '../args';
import { CliError, formatInt } from '../output';
import type { CliContext } from '../context';
import type { SavedSearch } from '../../cache/searchStore';
import type { SyncOutcome } from '../../sync/syncEngine';
import { capStopNote, cliRestart, parseSpendFlags, planCliSpend, restartedField } from '../spendCap';
import { stopText } from '../feedSetRun';
import { usageError } from '../help';
import type { CurrentWorkbench } from '../../current/index';
import type { FeedName, StreamName } from '../../sync/ports';
import { checkQueryCriteria, criteriaProblemsText } from '../../domain/queryCriteriaCheck';
import { followEvents } from '../followEvents';
import { savedSearchNameOf } from '../../i18n/criteriaSummary';
import { balanceName, eventName } from '../../i18n/codes';
import { runCliAutoDownload } from '../autoDocuments';

/** Fields that define a set or a feed position; a saved search stores only the set. */
const NOT_SET_FIELDS = ['cursor', 'limit', 'wait', 'events'];

function parseEvents(value: string | boolean | undefined): StreamName[] {
  if (value === undefined) return ['created'];
  const events = String(value).split(',').map((s) => s.trim()).filter(Boolean);
  if (!events.length || events.some((e) => e !== 'created' && e !== 'updated')) throw new CliError({ ru: '--events — список через запятую из created, updated', en: '--events is a comma list of created, updated' }, 2);
  return [...new Set(events)].sort() as StreamName[];
}

function readQuery(values: Record<string, string | boolean | undefined>): Record<string, unknown> {
  const file = values['query-file'];
  const inline = values.query;
  if ((file === undefined) === (inline === undefined)) throw usageError('search', undefined, { ru: 'укажите одно из двух: --query-file ФАЙЛ или --query JSON', en: 'give exactly one of --query-file F or --query JSON' });
  let text: string;
  try {
    text = typeof file === 'string' ? readFileSync(file, 'utf8') : String(inline);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new CliError({ ru: `не удалось прочитать файл запроса: ${why}`, en: `cannot read the query file: ${why}` });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new CliError({ ru: `запрос — не JSON: ${why}`, en: `the query is not valid JSON: ${why}` }, 2);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new CliError({ ru: 'запрос — JSON-объект с условиями QUERY', en: 'the query must be a JSON object of QUERY criteria' }, 2);
  const query = { ...(parsed as Record<string, unknown>) };
  for (const k of NOT_SET_FIELDS) delete query[k];
  // The app's checks, before anything is sent or charged: a bad INN or 2026-02-31 is refused, not ignored.
  const problems = checkQueryCriteria(query);
  if (problems.length) throw new CliError({ ru: `запрос отклонён: ${criteriaProblemsText(problems, 'ru')}`, en: `the query is refused: ${criteriaProblemsText(problems, 'en')}` }, 2);
  return query;
}

export async function searchCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const a = parseCommandArgs(args, {
    'query-file': { type: 'string' },
    query: { type: 'string' },
    label: { type: 'string' },
    events: { type: 'string' },
    preview: { type: 'boolean' },
  });
  if (a.positionals.length) throw usageError('search', undefined, { ru: `лишний аргумент «${a.positionals[0]}»`, en: `unexpected argument "${a.positionals[0]}"` });
  const query = readQuery(a.values);
  const events = parseEvents(a.values.events);
  const label = typeof a.values.label === 'string' ? a.values.label : undefined;
  const wb = await ctx.current();
  if (label) {
    const other = wb.labelOwner(label, null, query);
    if (other) throw new CliError({ ru: `метка «${label}» уже у другого поиска (${other.filterId})`, en: `the label "${label}" already names another search (${other.filterId})` });
  }
  ctx.out.progress(ctx.tr('сервер готовит поиск…', 'preparing the search on the server…'));
  const preview = await wb.preview('tender', query, signal);
  ctx.out.endProgress();
  if (!a.values.preview) wb.saveSearch({ filterId: preview.filterId, params: query, ...(label ? { label } : {}), events });
  const total = preview.total;
  ctx.out.result(
    { filter_id: preview.filterId, total, charged: preview.charged, saved: !a.values.preview, label: label ?? null, events },
    () =>
      `${preview.filterId}  ${total === null ? ctx.tr('число пока не известно', 'total not known yet') : ctx.tr(`закупок: ${formatInt(total)}`, `${formatInt(total)} tenders`)}` +
      (a.values.preview
        ? ctx.tr(
            ` — загрузка всех обойдётся не больше чем в ${total === null ? '?' : formatInt(total)} ед. (эта оценка стоила ${preview.charged} ед.)`,
            ` — reading them all costs up to ${total === null ? '?' : formatInt(total)} units (this preview cost ${preview.charged})`,
          )
        : label
          ? ctx.tr(`  сохранён с меткой «${label}»`, `  saved as "${label}"`)
          : ctx.tr('  сохранён', '  saved')),
  );
}

function resolveTargets(wb: CurrentWorkbench, positionals: string[], all: boolean): SavedSearch[] {
  if (all) {
    if (positionals.length) throw new CliError({ ru: 'укажите поиск или --all, но не оба', en: 'give a search or --all, not both' }, 2);
    const list = wb.savedSearches();
    if (!list.length) throw new CliError({ ru: 'сохранённых поисков ещё нет: создайте поиск (tenderwb search --query … --label МЕТКА)', en: 'no saved searches yet: create one with "tenderwb search --query ... --label NAME"' });
    return list;
  }
  if (positionals.length !== 1) throw usageError('sync');
  const key = positionals[0]!;
  const found = wb.findSaved(key);
  if (!found) {
    throw new CliError({
      ru: `нет сохранённого поиска «${key}»; метки показывает tenderwb cache stats, сохранить поиск — tenderwb search`,
      en: `no saved search "${key}"; see the labels with "tenderwb cache stats" or save one with "tenderwb search"`,
    });
  }
  return [found];
}

export async function syncCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const a = parseCommandArgs(args, {
    all: { type: 'boolean' },
    contracts: { type: 'boolean' },
    'max-spend': { type: 'string' },
    'no-cap': { type: 'boolean' },
    follow: { type: 'boolean' },
  });
  const flags = parseSpendFlags(a.values);
  const cache = await ctx.cache();
  const wb = await ctx.current();
  const { locale } = ctx;
  // Each search by its one name (the app's), never its bare filter id.
  const nameOf = (x: SavedSearch): string => savedSearchNameOf(x, locale);
  const targets = resolveTargets(wb, a.positionals, a.values.all === true);
  await wb.sendQueuedEdits().catch(() => undefined);
  const feeds: FeedName[] = a.values.contracts ? ['tender', 'contract'] : ['tender'];
  // Preview first: the workbench's estimate of each search (the app's too), summed over the searches.
  let estimate: number | null = 0;
  // What the previews charged, per saved search: counted in its summary, so the summary equals the ledger even
  // when a tender arrives between the preview and the run (the preview buys it, the run receives it free).
  const previewCharged = new Map<string, number>();
  if (flags.maxSpend === undefined && !flags.noCap) {
    ctx.out.progress(ctx.tr('оценка стоимости…', 'previewing the cost…'));
    for (const search of targets) {
      // Ctrl-C stops between the feeds' one-item reads, not in one: a read may be charged, so it is let finish.
      const e = await wb.savedEstimate(search.filterId, a.values.contracts === true, signal);
      previewCharged.set(search.filterId, e.charged);
      estimate = estimate === null || e.estimate === null ? null : estimate + e.estimate;
      if (signal.aborted) break;
    }
    ctx.out.endProgress();
    if (signal.aborted) {
      // Ctrl-C during the preview: nothing more is read, and the summary says what the preview charged.
      for (const search of targets) {
        const previewed = previewCharged.get(search.filterId) ?? 0;
        ctx.out.result(
          { filter_id: search.filterId, label: search.label, stopped_by: 'cancelled', pages: 0, items: 0, charged: previewed, free: 0 },
          ctx.tr(`${nameOf(search)}: оценка стоимости списала ${formatInt(previewed)} ед. — ${stopText('cancelled', 'ru')}`, `${nameOf(search)}: ${formatInt(previewed)} units charged by the cost preview — ${stopText('cancelled', 'en')}`),
        );
      }
      return;
    }
  }
  const plan = await planCliSpend(ctx.registry.rootDir, cache, flags, estimate);
  const maxSpend = plan.cap;
  // The previews' units count against the run's cap; a daily-budget cap was computed after them (from the
  // charge log, which already holds them), so it must not count them twice.
  let spent = plan.kind === 'daily_budget' ? 0 : [...previewCharged.values()].reduce((sum, n) => sum + n, 0);
  let exhausted = false;
  // Following: one line per event as pages arrive, on top of each search's summary at the end.
  const events = a.values.follow === true ? followEvents(cache, ctx.out, locale, await ctx.triageSettings()) : null;
  if (events) ctx.onClose(() => events.stop());
  for (const search of targets) {
    const previewed = previewCharged.get(search.filterId) ?? 0;
    const outcome: SyncOutcome = await wb.readSaved({
      filterId: search.filterId,
      feeds,
      streams: search.events,
      maxSpend: maxSpend === undefined ? undefined : maxSpend - spent,
      follow: a.values.follow === true,
      ...(events ? { onStored: events.onStored } : {}),
      // A feed whose position the server refuses starts again from the search's criteria, said in one line.
      ...cliRestart(ctx, cache, flags, search.filterId, nameOf(search), locale),
      signal,
      // Held of the set against its total (as the app's job and the saved search say it), then this run's items:
      // a set already held whole is 43 / 43, not 0 / 43.
      onProgress: (p) => {
        const fraction = p.total ? Math.min(1, p.held / p.total) : undefined;
        const of = p.total !== null ? ` / ${formatInt(p.total)}` : '';
        // The feed and its stream in words («закупки, новые»), not the API's `tender/created`.
        const feed = `${balanceName(p.feed === 'tender' ? 'tenders' : 'contracts', locale)}, ${eventName(p.stream, locale)}`;
        ctx.out.progress(
          ctx.tr(
            `${nameOf(search)} (${feed}): в кэше ${formatInt(p.held)}${of}, получено сейчас ${formatInt(p.items)}, ${formatInt(p.charged)} ед., страниц ${p.pages}${p.state === 'partial' ? ' (сервер ещё собирает)' : ''}`,
            `${nameOf(search)} (${feed}): ${formatInt(p.held)}${of} held, ${formatInt(p.items)} received now, ${formatInt(p.charged)} units, ${p.pages} pages${p.state === 'partial' ? ' (server still collecting)' : ''}`,
          ),
          fraction,
        );
      },
    });
    spent += outcome.charged;
    ctx.out.result(
      { filter_id: outcome.filterId, label: search.label, stopped_by: outcome.stoppedBy, pages: outcome.pages, items: outcome.items, charged: outcome.charged + previewed, free: outcome.free, ...restartedField(outcome) },
      ctx.tr(
        `${nameOf(search)}: объектов ${formatInt(outcome.items)} на ${outcome.pages} стр., списано ${formatInt(outcome.charged + previewed)} ед.${previewed ? ` (${formatInt(previewed)} — оценкой стоимости)` : ''}, бесплатно ${formatInt(outcome.free)} — ${stopText(outcome.stoppedBy, 'ru')}`,
        `${nameOf(search)}: ${formatInt(outcome.items)} items in ${outcome.pages} pages, ${formatInt(outcome.charged + previewed)} units charged${previewed ? ` (${formatInt(previewed)} by the cost preview)` : ''}, ${formatInt(outcome.free)} free — ${stopText(outcome.stoppedBy, 'en')}`,
      ),
    );
    if (outcome.stoppedBy === 'balance_exhausted') exhausted = true;
    if (outcome.stoppedBy === 'spend_cap') ctx.out.info(capStopNote(plan, spent, ctx.locale));
    if (outcome.stoppedBy !== 'done') break;
  }
  // Tender documents: those the settings choose, after the versions are stored (free: no API request). A run
  // stopped by Ctrl-C stops here too; one stopped by its cap or the balance still gets the documents it holds.
  if (!signal.aborted) await runCliAutoDownload(ctx, cache, signal, { perDocument: false });
  if (exhausted) {
    throw new CliError(
      {
        ru: 'баланс исчерпан: всё полученное сохранено; пополните баланс и запустите sync снова — загрузка продолжится с того же места',
        en: 'the balance ran out: what was delivered is stored; top up and run sync again to continue from the same place',
      },
      3,
    );
  }
}
