/**
 * `tenderwb triage (--label L | --list LIST_ID | --all) [--limit N] [--teammates]`: the undecided
 * tenders the cache holds, of a saved search, a list or all of them, ranked by how likely the analyst is to
 * pursue them, learned offline from their own marks (src-main/triage/). Nothing is sent, nothing is spent.
 * `--json`: a first line `{"model": {...}}` (the labels used, the held-out quality, whether it is ready), then
 * one object per tender `{"id","score","likely","reasons","name","publish_date"}`, best first.
 * `--teammates`: a teammate's statuses and labels (from the team database) train the model too; without it, the app's
 * setting (Settings → «Разбор», settings.json `triage.teammates`) decides.
 */
import { parseCommandArgs } from '../args';
import { usageError } from '../help';
import type { CliContext } from '../context';
import { cliLocale, inUserLanguage, userError } from '../cliLocale';
import { findSaved } from '../../current/savedSearches';
import { tenderSetOf } from '../../insights/scopes';
import { modelSummaryText, relevanceText } from '../../i18n/triageText';
import { rankTenders } from '../../triage/triage';

export async function triageCommand(ctx: CliContext, args: string[]): Promise<void> {
  const locale = await cliLocale(ctx);
  const a = parseCommandArgs(args, { label: { type: 'string' }, list: { type: 'string' }, all: { type: 'boolean' }, limit: { type: 'string' }, teammates: { type: 'boolean' } });
  if (a.positionals.length > 0) throw usageError('triage');
  const chosen = [a.values.label !== undefined, a.values.list !== undefined, a.values.all === true].filter(Boolean).length;
  if (chosen !== 1) throw usageError('triage', undefined, { ru: 'укажите одно: --label, --list или --all', en: 'give one of: --label, --list or --all' });
  let limit: number | undefined;
  if (a.values.limit !== undefined) {
    const text = String(a.values.limit);
    limit = Number(text);
    if (!/^\d{1,6}$/.test(text) || limit < 1) throw usageError('triage', undefined, { ru: `--limit: целое число от 1, а не «${text}»`, en: `--limit: a whole number from 1, not "${text}"` });
  }
  const cache = await ctx.cache();
  let ids: number[] | 'all' = 'all';
  if (a.values.label !== undefined) {
    const label = String(a.values.label);
    const search = findSaved(cache, label);
    if (!search) throw userError({ ru: `нет сохранённого поиска «${label}»: укажите его метку или filter_id`, en: `no saved search "${label}": give its label or filter id` }, locale);
    ids = tenderSetOf(cache, { kind: 'search', filterId: search.filterId }, locale).ids;
  } else if (a.values.list !== undefined) {
    const listId = String(a.values.list);
    ids = inUserLanguage(() => tenderSetOf(cache, { kind: 'list', listId }, locale), locale).ids;
  }
  // --teammates says it for this command; without it, the app's setting (Settings → «Разбор») decides.
  const teammates = a.values.teammates === true || (await ctx.triageSettings()).teammates;
  const answer = rankTenders(cache, ids, { teammates, ...(limit !== undefined ? { limit } : {}) });
  const summary = modelSummaryText(answer.model, locale);
  ctx.out.result({ model: { ...answer.model, message: summary } }, summary);
  const rows = answer.tenders;
  if (rows.length === 0 && !ctx.out.json) ctx.out.info(locale === 'en' ? 'No undecided tender is held here.' : 'Неразобранных закупок здесь в кэше нет.');
  for (const t of rows) {
    ctx.out.result({ id: t.id, score: t.score, likely: t.likely, reasons: t.reasons, name: t.name, publish_date: t.publish_date }, () =>
      [`${relevanceText(answer.model.ready ? t.score : null, locale).padStart(5)}  ${t.id}  ${t.name ?? ''}`, ...t.reasons.map((r) => `        ${r}`)].join('\n'),
    );
  }
}
