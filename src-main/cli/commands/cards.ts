/**
 * `tenderwb card tender|contract ID`: a cached card makes no request; otherwise fetched and cached
 * (current/cards.ts, as in the app). Where the server cannot be reached, a version held from a feed is shown as
 * stored, saying what is not held (positions, documents) and that the card is free online for that version
 * (the app's offline card does the same). `tenderwb open NUMBER|URL`: the same, for a notice number,
 * a contract registry number or an EIS link.
 *
 * `--json` carries the words an analyst sees beside the raw object: `status_name` (the one stage function,
 * i18n/codes.ts tenderStageNameOf) and `law_name` (domain/laws.ts, named by lawName).
 */
import { parseCommandArgs } from '../args';
import { CliError, formatInt, formatRub } from '../output';
import type { CliContext } from '../context';
import { usageError } from '../help';
import { isProvisional } from '../../cache/versionMatch';
import { cachedCard, type CardRequest, type OpenedCard } from '../../cards/openCard';
import { openByReference, OpenReferenceError } from '../../cards/openByReference';
import { CardUseCases } from '../../current/cards';
import { contractLaw, tenderLaw } from '../../domain/laws';
import { lawName, tenderStageNameOf } from '../../i18n/codes';
import { pick, type Locale } from '../../i18n/text';
import { cliNet, serverReachable } from '../currentNet';
import { moscowMomentText } from '../moscowTime';

/**
 * The card use cases over this profile. The server is looked for (a free TCP connection) only when the cache
 * holds no card for the request: offline, a stored version then answers at once instead of after the retries.
 */
async function cards(ctx: CliContext, req: Pick<CardRequest, 'kind' | 'id' | 'idType'> | null): Promise<CardUseCases> {
  const cache = await ctx.cache();
  const reachable = req !== null && cachedCard(cache, { ...req, positionsPage: 1, positionsLimit: 1 }) ? true : await serverReachable(ctx);
  return new CardUseCases({ cache, net: cliNet(ctx, { reachable, offline: true }) });
}

export async function cardCommand(ctx: CliContext, args: string[]): Promise<void> {
  const [kind, ...rest] = args;
  if (kind !== 'tender' && kind !== 'contract') throw usageError('card');
  const a = parseCommandArgs(rest, { external: { type: 'boolean' }, reestr: { type: 'boolean' }, page: { type: 'string' }, limit: { type: 'string' } });
  const id = a.positionals[0];
  if (!id || a.positionals.length > 1) throw usageError('card', kind);
  if (kind === 'tender' && a.values.reestr) throw new CliError({ ru: '--reestr — для контрактов; для закупок — --external', en: '--reestr is for contracts; tenders take --external' }, 2);
  if (kind === 'contract' && a.values.external) throw new CliError({ ru: '--external — для закупок; для контрактов — --reestr', en: '--external is for tenders; contracts take --reestr' }, 2);
  const page = Number(a.values.page ?? 1);
  const limit = Number(a.values.limit ?? 20);
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw new CliError({ ru: '--page — 1 или больше, --limit — от 1 до 100', en: '--page is 1 or more, --limit is 1..100' }, 2);
  }
  const byInternalId = !a.values.external && !a.values.reestr;
  if (byInternalId && !/^\d+$/.test(id)) {
    throw new CliError(
      kind === 'tender'
        ? { ru: 'ID закупки — число; номер извещения на площадке — с --external', en: 'a tender id is a number; use --external for a platform id' }
        : { ru: 'ID контракта — число; реестровый номер — с --reestr', en: 'a contract id is a number; use --reestr for a registry number' },
      2,
    );
  }
  const idType = a.values.external ? 'external' : a.values.reestr ? 'reestr' : 'internal';
  const opened = await (await cards(ctx, { kind, id, idType })).open({ kind, id, idType, positionsPage: page, positionsLimit: limit });
  printCard(ctx, kind, opened);
}

export async function openCommand(ctx: CliContext, args: string[]): Promise<void> {
  const a = parseCommandArgs(args, {});
  const reference = a.positionals.join(' ');
  if (reference.trim() === '') throw usageError('open');
  const wb = await cards(ctx, null);
  try {
    const { attempt, result } = await openByReference(reference, (at) => wb.open({ kind: at.kind, id: at.id, idType: at.idType, positionsPage: 1, positionsLimit: 20 }));
    // Which kind the number turned out to be, and its internal id, ahead of the card's usual fields.
    await printCard(ctx, attempt.kind, result, { kind: attempt.kind, id: result.id });
  } catch (e) {
    if (e instanceof OpenReferenceError) throw new CliError(e.text, e.reason === 'invalid' ? 2 : 1);
    throw e;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

type ShownWords = { status_name?: string; law_name: string | null };

/**
 * The stage and the law as every surface names them: the one stage function over the stored object's
 * status code, deadline and the clock (i18n/codes.ts), the law by domain/laws.ts, never the server's own names.
 */
function shownWords(kind: 'tender' | 'contract', c: Record<string, unknown>, locale: Locale): ShownWords {
  const law = kind === 'tender' ? tenderLaw(c) : contractLaw(c);
  const lawShown = law !== null ? lawName(law, locale) : null;
  if (kind === 'contract') return { law_name: lawShown };
  return { status_name: tenderStageNameOf(c, locale), law_name: lawShown };
}

/** What the stored object of a card never opened lacks: the card's parts it does not carry (a contract card has no documents). */
function notHeld(kind: 'tender' | 'contract', opened: OpenedCard): ('positions' | 'documents')[] {
  if (!opened.storedObject) return [];
  const c = opened.card;
  return [...(Array.isArray(c.positions) ? [] : (['positions'] as const)), ...(kind === 'contract' || Array.isArray(c.documents) ? [] : (['documents'] as const))];
}

function printCard(ctx: CliContext, kind: 'tender' | 'contract', opened: OpenedCard, extra: Record<string, unknown> = {}): void {
  const card = opened.card;
  // A server may not say whether a card was charged (`billed` is not in document 2's detail): then say nothing.
  const billedStated = typeof card.billed === 'boolean';
  // The source for scripts, as it always read (a stable phrase); the human line says it in the run's language.
  const source =
    opened.source === 'cache'
      ? 'cache'
      : !billedStated
        ? opened.charged
          ? // Not stated by the server: a version this cache did not hold, charged 1 unit unless this account
            // received it before some other way (4.6); the ledger says which.
            'server (a version not held here: 1 unit charged unless this account received it before)'
          : 'server (a version held before: free)'
        : opened.charged
          ? 'server (charged 1 unit)'
          : 'server (free: this version was delivered before)';
  const c = card as Record<string, unknown>;
  // The version the cache stored it under; one below 0 means the server did not state it (D-CLIENT-CARD).
  const version = isProvisional(opened.version) ? null : opened.version;
  const missing = notHeld(kind, opened);
  const words = shownWords(kind, c, ctx.locale);
  ctx.out.result(
    { ...extra, source, version, card: c, ...words, ...(opened.storedObject ? { offline: true, stored_object: true, not_held: missing } : {}) },
    () => humanCard(kind, c, opened, version, ctx.locale, missing),
  );
}

function sourceText(opened: CardSource, billedStated: boolean, locale: Locale): string {
  const say = (ru: string, en: string): string => pick({ ru, en }, locale);
  if (opened.storedObject) return say('нет связи с сервером: показан объект, сохранённый из ленты, — бесплатно', 'the server cannot be reached: the object stored from a feed is shown, free');
  if (opened.source === 'cache') return say('из кэша — бесплатно', 'from the cache, free');
  if (!billedStated) {
    return opened.charged
      ? say('с сервера: версии не было здесь — списана 1 ед., если этот счёт не получал её раньше', 'from the server: a version not held here, 1 unit charged unless this account received it before')
      : say('с сервера: эта версия уже была — бесплатно', 'from the server: a version held before, free');
  }
  return opened.charged ? say('с сервера — списана 1 ед.', 'from the server, 1 unit charged') : say('с сервера — бесплатно: эта версия уже была получена', 'from the server, free: this version was delivered before');
}

/** Where a card came from, as its last line says it. */
type CardSource = Pick<OpenedCard, 'source' | 'charged' | 'storedObject'>;

/**
 * The card as `tenderwb card` prints it for a person, in the run's language (exported for the test that compares
 * it with the other surfaces). `missing` names the parts a stored object shown offline does not hold.
 */
export function humanCard(
  kind: 'tender' | 'contract',
  c: Record<string, unknown>,
  opened: CardSource,
  version: number | null,
  locale: Locale,
  missing: readonly ('positions' | 'documents')[] = [],
): string {
  const t = (ru: string, en: string): string => pick({ ru, en }, locale);
  const words = shownWords(kind, c, locale);
  const versionText = version === null ? t('версия не указана сервером', 'version not stated by the server') : t(`версия ${version}`, `version ${version}`);
  const lines: string[] = [];
  const named = (v: unknown): string => (isRecord(v) && 'name' in v ? String(v.name) : '—');
  const positionsTotal = typeof c.positions_total === 'number' ? c.positions_total : null;
  if (kind === 'tender') {
    lines.push(`${String(c.name ?? '')}`);
    // The stage and the law as every surface names them (i18n/codes.ts), never the server's status name.
    lines.push(`ID ${String(c.id)} · ${t('извещение', 'notice')} ${String(c.etp_id ?? '—')} · ${versionText} · ${words.status_name ?? '—'} · ${words.law_name ?? '—'} · ${formatRub(c.price)}`);
    const inn = isRecord(c.organization) ? str(c.organization.inn) : null;
    lines.push(`${t('Заказчик', 'Customer')}: ${named(c.organization)}${inn ? ` (${t('ИНН', 'INN')} ${inn})` : ''} · ${t('регион', 'region')}: ${named(c.region)} · ${t('площадка', 'platform')}: ${named(c.platform)}`);
    const deadline = str(c.end_date);
    lines.push(`${t('Подача заявок до', 'Bids until')} ${deadline ? moscowMomentText(deadline, locale) : '—'} · ${t('позиций', 'positions')}: ${positionsTotal === null ? '—' : formatInt(positionsTotal)}`);
  } else {
    lines.push(`${t('Контракт', 'Contract')} ${String(c.reestr_number ?? c.id)} · ${versionText} · ${formatRub(c.price)}`);
    const suppliers = Array.isArray(c.suppliers) ? c.suppliers.map(named).join(', ') : '—';
    lines.push(`${t('Заказчик', 'Customer')}: ${named(c.customer)} · ${t('поставщики', 'suppliers')}: ${suppliers}`);
  }
  const positions = Array.isArray(c.positions) ? (c.positions as Record<string, unknown>[]) : [];
  for (const p of positions) lines.push(`  ${String(p.position_ordinal ?? '')}. ${String(p.title ?? '')} — ${String(p.quantity ?? '')} ${String(p.unit ?? '')} × ${formatRub(p.price)}`);
  if (missing.length > 0) {
    const what =
      missing.length === 2
        ? t(`Позиции${positionsTotal !== null ? ` (${formatInt(positionsTotal)})` : ''} и документы не загружены`, `Positions${positionsTotal !== null ? ` (${formatInt(positionsTotal)})` : ''} and documents are not loaded`)
        : missing[0] === 'positions'
          ? t(`Позиции${positionsTotal !== null ? ` (${formatInt(positionsTotal)})` : ''} не загружены`, `Positions${positionsTotal !== null ? ` (${formatInt(positionsTotal)})` : ''} are not loaded`)
          : t('Документы не загружены', 'Documents are not loaded');
    const again = kind === 'tender' ? `tenderwb card tender ${String(c.id)}` : `tenderwb card contract ${String(c.id)}`;
    lines.push(
      t(
        `${what}: они приходят с карточкой, а карточка этой версии ещё не открывалась. Когда будет связь, откройте её снова (${again}) — для этой версии это бесплатно.`,
        `${what}: they come with the card, and this version's card was never opened. Once the server can be reached, open it again (${again}): free for this version.`,
      ),
    );
  }
  lines.push(`(${sourceText(opened, typeof c.billed === 'boolean', locale)})`);
  return lines.join('\n');
}
