/**
 * `tenderwb flags [--customer INN | --supplier INN | --list LIST_ID | --label L]`: the red flags the
 * engine raises on what the cache holds (src-main/insights/flags), each with its definition's title, the
 * object, the evidence (named by src-main/i18n/flagEvidence, the renderer's vocabulary too) and the source;
 * without a scope, over the whole cache. `--json`: one object per flag (`code`, `title`, `object`, `evidence`,
 * `source`, `dismissed`), nothing else on the line stream, so a script's contract stays one object = one flag.
 * The readable text goes flag by flag of the catalogue: title, what was found and checked, definition and source
 * once, the gaps in words (how many objects it could not check because a field was not sent, and "load the
 * cards" when a card brings it), then the objects it was raised on. A script asks for the gaps with `--gaps`
 * instead of the flags: one object per gap (`code`, `field`, `objects`, `object_kind`, `in_card`) with `--json`,
 * so the two streams never mix.
 * `tenderwb flags dismiss CODE tender|contract|customer ID [--note TEXT]` and `flags restore CODE KIND ID`
 * remember locally that the analyst takes a flag as a false positive, and forget it again.
 */
import { parseCommandArgs } from '../args';
import { usageError } from '../help';
import type { CliContext } from '../context';
import { cliLocale, inUserLanguage, userError } from '../cliLocale';
import { flagGapText, flagGroupText, flagsHeaderText, flagText } from '../insightsText';
import { innArgument } from './analytics';
import { findSaved } from '../../current/savedSearches';
import { methods, type ParsedArgs } from '../../contract/ipc';
import { FLAG_CATALOGUE, dismissFlag, flagsFor, restoreFlag, type FlagScope } from '../../insights/flags/index';
import type { FlagDefinition } from '../../domain/insights';
import type { Locale } from '../../i18n/text';


async function scopeOf(ctx: CliContext, values: Record<string, string | boolean | undefined>, locale: Locale): Promise<FlagScope> {
  const given = (['customer', 'supplier', 'list', 'label'] as const).filter((k) => values[k] !== undefined);
  if (given.length > 1) throw usageError('flags', undefined, { ru: `укажите одно: --customer, --supplier, --list или --label`, en: `give one of --customer, --supplier, --list, --label` });
  if (values.customer !== undefined) return { kind: 'customer', inn: innArgument(String(values.customer), locale) };
  if (values.supplier !== undefined) return { kind: 'supplier', inn: innArgument(String(values.supplier), locale) };
  if (values.list !== undefined) {
    const listId = String(values.list);
    if (!/^lst_[A-Za-z0-9_-]{1,128}$/.test(listId)) throw userError({ ru: `«${listId}» — не идентификатор списка (lst_…)`, en: `"${listId}" is not a list id (lst_…)` }, locale);
    return { kind: 'list', listId };
  }
  if (values.label !== undefined) {
    const key = String(values.label);
    const search = findSaved(await ctx.cache(), key);
    if (!search) throw userError({ ru: `нет сохранённого поиска «${key}»: укажите его метку или filter_id`, en: `no saved search "${key}": give its label or filter id` }, locale);
    return { kind: 'search', filterId: search.filterId };
  }
  return { kind: 'all' };
}

/** CODE KIND ID of a dismissal, checked by the contract's own rule (the app's insights.dismissFlag). */
function dismissalOf(positionals: string[], note: string | undefined): ParsedArgs<'insights.dismissFlag'> {
  const [code, kind, id] = positionals;
  if (positionals.length !== 3 || code === undefined || kind === undefined || id === undefined) throw usageError('flags');
  const parsed = methods['insights.dismissFlag'].args.safeParse({ code, object: { kind, id }, ...(note !== undefined ? { note } : {}) });
  if (!parsed.success) {
    const what = [...new Set(parsed.error.issues.map((i) => i.path.join('.') || 'flag'))].join(', ');
    throw usageError('flags', undefined, { ru: `флаг указан неверно (${what})`, en: `the flag is not given right (${what})` });
  }
  return parsed.data;
}

export async function flagsCommand(ctx: CliContext, args: string[]): Promise<void> {
  const locale = await cliLocale(ctx);
  if (args[0] === 'dismiss' || args[0] === 'restore') {
    const a = parseCommandArgs(args.slice(1), args[0] === 'dismiss' ? { note: { type: 'string' } } : {});
    const d = dismissalOf(a.positionals, a.values.note === undefined ? undefined : String(a.values.note));
    const cache = await ctx.cache();
    if (args[0] === 'dismiss') {
      inUserLanguage(() => dismissFlag(cache, d.code, d.object.kind, d.object.id, d.note ?? null), locale);
      ctx.out.result({ code: d.code, object: d.object, dismissed: true }, locale === 'en' ? `${d.code} on ${d.object.kind} ${d.object.id}: dismissed` : `${d.code} (${d.object.kind} ${d.object.id}): отклонён`);
    } else {
      inUserLanguage(() => restoreFlag(cache, d.code, d.object.kind, d.object.id), locale);
      ctx.out.result({ code: d.code, object: d.object, dismissed: false }, locale === 'en' ? `${d.code} on ${d.object.kind} ${d.object.id}: restored` : `${d.code} (${d.object.kind} ${d.object.id}): возвращён`);
    }
    return;
  }
  const a = parseCommandArgs(args, { customer: { type: 'string' }, supplier: { type: 'string' }, list: { type: 'string' }, label: { type: 'string' }, gaps: { type: 'boolean' } });
  if (a.positionals.length) throw usageError('flags');
  const scope = await scopeOf(ctx, a.values, locale);
  const cache = await ctx.cache();
  const answer = inUserLanguage(() => flagsFor(cache, scope, locale), locale);
  const catalogue = new Map<string, FlagDefinition>(FLAG_CATALOGUE.map((f) => [f.code, f]));
  if (a.values.gaps === true) {
    for (const gap of answer.gaps) {
      ctx.out.result(
        { code: gap.code, field: gap.field, objects: gap.objects, object_kind: gap.object_kind, in_card: gap.in_card },
        () => flagGapText(gap, locale, catalogue.get(gap.code)?.title[locale] ?? gap.code),
      );
    }
    return;
  }
  if (ctx.out.json) {
    for (const flag of answer.flags) {
      const definition = catalogue.get(flag.code);
      ctx.out.result({ code: flag.code, title: definition ? definition.title[locale] : null, object: flag.object, evidence: flag.evidence, source: flag.source, dismissed: flag.dismissed }, '');
    }
    return;
  }
  // Readable: every flag of the catalogue once (title, what was found and checked, definition, source, gaps),
  // then the objects it was raised on, so "checked, none found" reads differently from "not checked".
  ctx.out.result({}, flagsHeaderText(answer, locale));
  for (const definition of FLAG_CATALOGUE) {
    ctx.out.result({}, flagGroupText(definition, answer, locale));
    for (const flag of answer.flags) if (flag.code === definition.code) ctx.out.result({}, flagText(flag, locale));
  }
}
