/** `tenderwb search` and `tenderwb sync`: saved searches and reading their feeds into the cache. */
import { readFileSync } from 'node:fs';
import { parseCommandArgs } from '../args';
import { CliError, formatInt } from '../output';
import type { CliContext } from '../context';
import type { SavedSearch } from '../../cache/searchStore';
import type { SyncOutcome } from '../../sync/syncEngine';
import { capStopNote, cliRestart, parseSpendFlags, planCliSpend, restartedField } from '../spendCap';
import { STOP_TEXT } from '../feedSetRun';
import type { CurrentWorkbench } from '../../current/index';
import type { FeedName, StreamName } from '../../sync/ports';
import { checkQueryCriteria, criteriaProblemsText } from '../../domain/queryCriteriaCheck';
import { cliLocale } from '../cliLocale';
import { followEvents } from '../followEvents';
import { savedSearchNameOf } from '../../i18n/criteriaSummary';

/** Fields that define a set or a feed position; a saved search stores only the set. */
const NOT_SET_FIELDS = ['cursor', 'limit', 'wait', 'events'];

function parseEvents(value: string | boolean | undefined): StreamName[] {
  if (value === undefined) return ['created'];
  const events = String(value).split(',').map((s) => s.trim()).filter(Boolean);
  if (!events.length || events.some((e) => e !== 'created' && e !== 'updated')) throw new CliError('--events is a comma list of created, updated', 2);
  return [...new Set(events)].sort() as StreamName[];
}

function readQuery(values: Record<string, string | boolean | undefined>): Record<string, unknown> {
  const file = values['query-file'];
  const inline = values.query;
  if ((file === undefined) === (inline === undefined)) throw new CliError('give exactly one of --query-file F or --query JSON', 2);
  let text: string;
  try {
    text = typeof file === 'string' ? readFileSync(file, 'utf8') : String(inline);
  } catch (e) {
    throw new CliError(`cannot read the query file: ${e instanceof Error ? e.message : String(e)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new CliError(`the query is not valid JSON: ${e instanceof Error ? e.message : String(e)}`, 2);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new CliError('the query must be a JSON object of QUERY criteria', 2);
  const query = { ...(parsed as Record<string, unknown>) };
  for (const k of NOT_SET_FIELDS) delete query[k];
  // The app's checks, before anything is sent or charged: a bad INN or 2026-02-31 is refused, not ignored.
  const problems = checkQueryCriteria(query);
  if (problems.length) throw new CliError(`the query is refused: ${criteriaProblemsText(problems, 'ru')} / ${criteriaProblemsText(problems, 'en')}`, 2);
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
  if (a.positionals.length) throw new CliError(`unexpected argument "${a.positionals[0]}"`, 2);
  const query = readQuery(a.values);
  const events = parseEvents(a.values.events);
  const label = typeof a.values.label === 'string' ? a.values.label : undefined;
  const wb = await ctx.current();
  if (label) {
    const other = wb.labelOwner(label, null, query);
    if (other) throw new CliError(`the label "${label}" already names another search (${other.filterId})`);
  }
  ctx.out.progress('preparing the search on the server…');
  const preview = await wb.preview('tender', query, signal);
  ctx.out.endProgress();
  if (!a.values.preview) wb.saveSearch({ filterId: preview.filterId, params: query, ...(label ? { label } : {}), events });
  const total = preview.total;
  ctx.out.result(
    { filter_id: preview.filterId, total, charged: preview.charged, saved: !a.values.preview, label: label ?? null, events },
    () =>
      `${preview.filterId}  ${total === null ? 'total not known yet' : `${formatInt(total)} tenders`}` +
      (a.values.preview ? ` — reading them all costs up to ${total === null ? '?' : formatInt(total)} units (this preview cost ${preview.charged})` : `${label ? `  saved as "${label}"` : '  saved'}`),
  );
}

function resolveTargets(wb: CurrentWorkbench, positionals: string[], all: boolean): SavedSearch[] {
  if (all) {
    if (positionals.length) throw new CliError('give a search or --all, not both', 2);
    const list = wb.savedSearches();
    if (!list.length) throw new CliError('no saved searches yet: create one with "tenderwb search --query ... --label NAME"');
    return list;
  }
  if (positionals.length !== 1) throw new CliError('usage: sync [LABEL|FILTER_ID|--all] [--contracts] [--max-spend N | --no-cap] [--follow]', 2);
  const key = positionals[0]!;
  const found = wb.findSaved(key);
  if (!found) throw new CliError(`no saved search "${key}"; see the labels with "tenderwb cache stats" or save one with "tenderwb search"`);
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
  const locale = await cliLocale(ctx);
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
    ctx.out.progress('previewing the cost…');
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
          `${nameOf(search)}: ${formatInt(previewed)} units charged by the cost preview — ${STOP_TEXT.cancelled}`,
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
  // Following: one line per event as pages arrive (issue 16), on top of each search's summary at the end.
  const events = a.values.follow === true ? followEvents(cache, ctx.out, locale) : null;
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
        ctx.out.progress(
          `${nameOf(search)} ${p.feed}/${p.stream}: ${formatInt(p.held)}${p.total !== null ? ` / ${formatInt(p.total)}` : ''} held, ${formatInt(p.items)} received now, ${formatInt(p.charged)} units, ${p.pages} pages${p.state === 'partial' ? ' (server still collecting)' : ''}`,
          fraction,
        );
      },
    });
    spent += outcome.charged;
    ctx.out.result(
      { filter_id: outcome.filterId, label: search.label, stopped_by: outcome.stoppedBy, pages: outcome.pages, items: outcome.items, charged: outcome.charged + previewed, free: outcome.free, ...restartedField(outcome) },
      `${nameOf(search)}: ${formatInt(outcome.items)} items in ${outcome.pages} pages, ${formatInt(outcome.charged + previewed)} units charged${previewed ? ` (${formatInt(previewed)} by the cost preview)` : ''}, ${formatInt(outcome.free)} free — ${STOP_TEXT[outcome.stoppedBy]}`,
    );
    if (outcome.stoppedBy === 'balance_exhausted') exhausted = true;
    if (outcome.stoppedBy === 'spend_cap') ctx.out.info(capStopNote(plan, spent));
    if (outcome.stoppedBy !== 'done') break;
  }
  if (exhausted) throw new CliError('the balance ran out: what was delivered is stored; top up and run sync again to continue from the same place', 3);
}
