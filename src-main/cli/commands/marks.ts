/**
 * The analyst's marks from the command line, thin over the marks workbench (src-main/marks/):
 * - `tenderwb mark tender ID [--tag T]... [--untag T]... [--status S] [--assignee NAME] [--note TEXT]
 *   [--interesting | --not-interesting]`: one change in one transaction. The last two are the explicit triage
 *   label «Интересно / Неинтересно», kept with its time like the status. `--status` takes the code or the name in either language (`reviewing`, «На
 *   рассмотрении»), `none` clears it; `--assignee ''` clears the assignee. A tender the cache does not hold is
 *   refused (exit 2) unless `--allow-missing`: a mistyped id would otherwise become a marked tender that
 *   exists nowhere; with it the id is marked (the design marks ids) and the command says it is not held.
 * - `tenderwb marks [--tag T]... [--status S]... [--assignee NAME]`: the marked tenders, most recently marked
 *   first, those the cache does not hold listed apart under a heading with the command that loads them.
 *   `--json`: one object per tender, exactly `{"id","tags":[names],"status","assignee","notes":[{"text","at"}]}`.
 * - `tenderwb marks tags`, `marks tag-rename NAME NEW`, `marks tag-color NAME #rrggbb`, `marks tag-merge NAME...
 *   --into NAME`, `marks tag-delete NAME`: the tags manager.
 * - `tenderwb mark history tender ID`: every change of the tender's marks, made here or pulled from the team
 *   database, oldest first: when, who («с другого компьютера» for a pulled one) and what, in words.
 *   `--json`: one object per change `{"field","value","at","author","machine_id","pulled","subject"}`.
 * Words follow the app's language (cliLocale); bad input exits 2 naming the field and what it accepts.
 */
import { parseCommandArgs } from '../args';
import { usageError } from '../help';
import type { CliContext } from '../context';
import { cliLocale, inUserLanguage, userError } from '../cliLocale';
import { markedTenderText, markedTenderJson, tagLineText } from '../marksText';
import { applyMarks } from '../../marks/applyMarks';
import { markHistory } from '../../marks/markHistory';
import { markHistoryLine } from '../../i18n/markHistoryText';
import { moscowMomentText } from '../insightsText';
import { describeTenders, markedTenders } from '../../marks/markedTenders';
import { deleteTag, mergeTags, recolorTag, renameTag } from '../../marks/tagAdmin';
import { listTags } from '../../cache/markStore';
import { statusProblem } from '../../domain/markProblems';
import type { MarkFilter, PipelineStatus } from '../../domain/marks';
import { pipelineStatusFromWord } from '../../i18n/codes';
import { count, NOUNS, pluralForm } from '../../i18n/plural';
import type { Locale } from '../../i18n/text';
import type { CacheDb } from '../../cache/database';


const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v === undefined ? [] : [String(v)]);

/** A status as typed: its code or its name in either language. */
export function statusArgument(word: string, locale: Locale): PipelineStatus {
  const code = pipelineStatusFromWord(word);
  const problem = statusProblem(code ?? word);
  if (problem !== null) throw userError(problem, locale);
  return code as PipelineStatus;
}

/** A tender id as typed, refused (exit 2) with the usage when it is not a whole positive number. */
function tenderIdArgument(idText: string): number {
  const id = Number(idText);
  if (!/^\d{1,15}$/.test(idText) || !Number.isSafeInteger(id) || id <= 0) {
    throw usageError('mark', undefined, { ru: `«${idText}» — не номер закупки (целое число)`, en: `"${idText}" is not a tender id (a whole number)` });
  }
  return id;
}

async function markHistoryCommand(ctx: CliContext, args: string[]): Promise<void> {
  const locale = await cliLocale(ctx);
  const a = parseCommandArgs(args, {});
  const [what, idText, ...rest] = a.positionals;
  if (what !== 'tender' || idText === undefined || rest.length > 0) throw usageError('mark');
  const id = tenderIdArgument(idText);
  const entries = markHistory(await ctx.cache(), id);
  if (entries.length === 0 && !ctx.out.json) ctx.out.info(locale === 'en' ? `Tender ${id}: its marks have no history.` : `Закупка ${id}: истории отметок нет.`);
  for (const entry of entries) {
    ctx.out.result({ ...entry }, () => `${moscowMomentText(entry.at, locale)}  ${markHistoryLine(entry, locale)}`);
  }
}

export async function markCommand(ctx: CliContext, args: string[]): Promise<void> {
  if (args[0] === 'history') return markHistoryCommand(ctx, args.slice(1));
  const locale = await cliLocale(ctx);
  const a = parseCommandArgs(args, {
    tag: { type: 'string', multiple: true },
    untag: { type: 'string', multiple: true },
    status: { type: 'string' },
    assignee: { type: 'string' },
    note: { type: 'string' },
    interesting: { type: 'boolean' },
    'not-interesting': { type: 'boolean' },
    'allow-missing': { type: 'boolean' },
  });
  const [what, idText, ...rest] = a.positionals;
  if (what !== 'tender' || idText === undefined || rest.length > 0) throw usageError('mark');
  const id = tenderIdArgument(idText);
  const status = a.values.status === undefined ? undefined : String(a.values.status) === 'none' ? null : statusArgument(String(a.values.status), locale);
  if (a.values.interesting === true && a.values['not-interesting'] === true) {
    throw usageError('mark', undefined, { ru: `укажите одно: --interesting или --not-interesting`, en: `give one of: --interesting or --not-interesting` });
  }
  const interest = a.values.interesting === true ? true : a.values['not-interesting'] === true ? false : undefined;
  const change = {
    tender_ids: [id],
    ...(a.values.tag !== undefined ? { add_tags: strings(a.values.tag) } : {}),
    ...(a.values.untag !== undefined ? { remove_tags: strings(a.values.untag) } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(a.values.assignee !== undefined ? { assignee: String(a.values.assignee) } : {}),
    ...(a.values.note !== undefined ? { note: String(a.values.note) } : {}),
    ...(interest !== undefined ? { interest } : {}),
  };
  if (Object.keys(change).length === 1) {
    throw usageError('mark', undefined, {
      ru: `укажите, что отметить: --tag, --untag, --status, --assignee, --note, --interesting или --not-interesting`,
      en: `say what to mark: --tag, --untag, --status, --assignee, --note, --interesting or --not-interesting`,
    });
  }
  const cache = await ctx.cache();
  if (a.values['allow-missing'] !== true && !describeTenders(cache, [id])[0]!.held) {
    throw userError(
      {
        ru: `закупки ${id} нет в кэше — ничего не отмечено: проверьте номер или загрузите её (tenderwb card tender ${id}); отметить по номеру всё равно — добавьте --allow-missing`,
        en: `tender ${id} is not held in the cache — nothing marked: check the id or load it (tenderwb card tender ${id}); to mark the id all the same, add --allow-missing`,
      },
      locale,
    );
  }
  const changed = inUserLanguage(() => applyMarks(cache, change), locale);
  const row = describeTenders(cache, [id])[0]!;
  ctx.out.result({ ...markedTenderJson(row.marks), interest: row.marks.interest, held: row.held, changed: changed.length > 0 }, () =>
    row.marks.marked_at === null ? (locale === 'en' ? `Tender ${id}: nothing marked any more` : `Закупка ${id}: отметок больше нет`) : markedTenderText(row, locale),
  );
  if (!row.held) {
    ctx.out.info(
      locale === 'en'
        ? `Tender ${id} is not held in the cache: the marks are kept by its id and show once it is loaded (e.g. tenderwb card tender ${id})`
        : `Закупки ${id} нет в кэше: отметки сохранены по её номеру и будут видны, когда она загрузится (например, tenderwb card tender ${id})`,
    );
  }
}

/** «Нет в кэше — 2 закупки, отмечены по номеру …»: the heading over the marked tenders not held. */
function notHeldHeading(n: number, locale: Locale): string {
  return locale === 'en'
    ? `Not held in the cache — ${count(n, NOUNS.tender, locale)} marked by id only, no name or deadline here (load one: tenderwb card tender ID):`
    : `Нет в кэше — ${count(n, NOUNS.tender, locale)}, ${pluralForm(n, MARKED_BY_ID, locale)} только по номеру, без названия и сроков (загрузить: tenderwb card tender ID):`;
}

/** «1 закупка отмечена», «2 закупки отмечены», «5 закупок отмечено». */
const MARKED_BY_ID = { one: 'отмечена', few: 'отмечены', many: 'отмечено', other: 'отмечено' };

/** Each tag with how many tenders carry it and how many of those the cache holds. */
function printTags(ctx: CliContext, cache: CacheDb, locale: Locale): void {
  for (const tag of listTags(cache)) ctx.out.result({ id: tag.id, name: tag.name, color: tag.color, count: tag.count, held: tag.held ?? tag.count }, () => tagLineText(tag, locale));
}

/** A tag by its name (any case), for the tags manager. */
function tagNamed(cache: CacheDb, name: string, locale: Locale): number {
  const key = name.trim().toLowerCase();
  const tag = listTags(cache).find((t) => t.name.toLowerCase() === key);
  if (tag === undefined) throw userError({ ru: `метки «${name}» нет (tenderwb marks tags — все метки)`, en: `there is no tag "${name}" (tenderwb marks tags lists them)` }, locale);
  return tag.id;
}

async function tagsCommand(ctx: CliContext, sub: string, args: string[], locale: Locale): Promise<void> {
  const a = parseCommandArgs(args, sub === 'tag-merge' ? { into: { type: 'string' } } : {});
  const cache = await ctx.cache();
  const p = a.positionals;
  const need = (n: number): void => {
    if (p.length !== n) throw usageError('marks');
  };
  switch (sub) {
    case 'tags':
      need(0);
      printTags(ctx, cache, locale);
      return;
    case 'tag-rename':
      need(2);
      inUserLanguage(() => renameTag(cache, tagNamed(cache, p[0]!, locale), p[1]!), locale);
      break;
    case 'tag-color':
      need(2);
      inUserLanguage(() => recolorTag(cache, tagNamed(cache, p[0]!, locale), p[1]!), locale);
      break;
    case 'tag-merge': {
      if (p.length === 0 || a.values.into === undefined) throw usageError('marks');
      const into = tagNamed(cache, String(a.values.into), locale);
      inUserLanguage(() => mergeTags(cache, p.map((name) => tagNamed(cache, name, locale)), into), locale);
      break;
    }
    case 'tag-delete':
      need(1);
      inUserLanguage(() => deleteTag(cache, tagNamed(cache, p[0]!, locale)), locale);
      break;
    default:
      throw usageError('marks');
  }
  printTags(ctx, cache, locale);
}

export async function marksCommand(ctx: CliContext, args: string[]): Promise<void> {
  const locale = await cliLocale(ctx);
  if (args[0] !== undefined && !args[0].startsWith('-')) return tagsCommand(ctx, args[0], args.slice(1), locale);
  const a = parseCommandArgs(args, { tag: { type: 'string', multiple: true }, status: { type: 'string', multiple: true }, assignee: { type: 'string' } });
  if (a.positionals.length > 0) throw usageError('marks');
  const filter: MarkFilter = {
    ...(a.values.tag !== undefined ? { tags: strings(a.values.tag) } : {}),
    ...(a.values.status !== undefined ? { status: strings(a.values.status).map((s) => statusArgument(s, locale)) } : {}),
    ...(a.values.assignee !== undefined ? { assignee: String(a.values.assignee) } : {}),
  };
  const rows = markedTenders(await ctx.cache(), filter);
  if (rows.length === 0 && !ctx.out.json) ctx.out.info(locale === 'en' ? 'No marked tender matches.' : 'Отмеченных закупок с такими условиями нет.');
  // Held tenders first; those marked by id only come apart under a heading, so none passes for a loaded tender.
  const held = rows.filter((r) => r.held);
  const missing = rows.filter((r) => !r.held);
  for (const row of held) ctx.out.result(markedTenderJson(row.marks), () => markedTenderText(row, locale));
  if (missing.length > 0 && !ctx.out.json) ctx.out.info(notHeldHeading(missing.length, locale));
  for (const row of missing) ctx.out.result(markedTenderJson(row.marks), () => markedTenderText(row, locale));
}
