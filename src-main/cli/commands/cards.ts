/**
 * `tenderwb card tender|contract ID`: a cached card makes no request; otherwise fetched and cached
 * (current/cards.ts, as in the app). `tenderwb open NUMBER|URL`: the same, for a notice number, a contract
 * registry number or an EIS link.
 */
import { parseCommandArgs } from '../args';
import { CliError, formatInt, formatRub } from '../output';
import type { CliContext } from '../context';
import { isProvisional } from '../../cache/versionMatch';
import type { OpenedCard } from '../../cards/openCard';
import { openByReference, OpenReferenceError } from '../../cards/openByReference';
import { CardUseCases } from '../../current/cards';
import { cliNet } from '../currentNet';
import { cliLocale } from '../cliLocale';
import { tenderLaw } from '../../domain/laws';
import { lawName, tenderStageNameOf } from '../../i18n/codes';
import type { Locale } from '../../i18n/text';

const cards = async (ctx: CliContext): Promise<CardUseCases> => new CardUseCases({ cache: await ctx.cache(), net: cliNet(ctx) });

export async function cardCommand(ctx: CliContext, args: string[]): Promise<void> {
  const [kind, ...rest] = args;
  if (kind !== 'tender' && kind !== 'contract') throw new CliError('usage: card tender ID [--external] | card contract ID [--reestr]', 2);
  const a = parseCommandArgs(rest, { external: { type: 'boolean' }, reestr: { type: 'boolean' }, page: { type: 'string' }, limit: { type: 'string' } });
  const id = a.positionals[0];
  if (!id || a.positionals.length > 1) throw new CliError(`usage: card ${kind} ID`, 2);
  if (kind === 'tender' && a.values.reestr) throw new CliError('--reestr is for contracts; tenders take --external', 2);
  if (kind === 'contract' && a.values.external) throw new CliError('--external is for tenders; contracts take --reestr', 2);
  const page = Number(a.values.page ?? 1);
  const limit = Number(a.values.limit ?? 20);
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw new CliError('--page is 1 or more, --limit is 1..100', 2);
  }
  const byInternalId = !a.values.external && !a.values.reestr;
  if (byInternalId && !/^\d+$/.test(id)) throw new CliError(`a ${kind} id is a number; use --${kind === 'tender' ? 'external' : 'reestr'} for ${kind === 'tender' ? 'a platform id' : 'a registry number'}`, 2);

  const opened = await (await cards(ctx)).open({
    kind,
    id,
    idType: a.values.external ? 'external' : a.values.reestr ? 'reestr' : 'internal',
    positionsPage: page,
    positionsLimit: limit,
  });
  await printCard(ctx, kind, opened);
}

export async function openCommand(ctx: CliContext, args: string[]): Promise<void> {
  const a = parseCommandArgs(args, {});
  const reference = a.positionals.join(' ');
  if (reference.trim() === '') throw new CliError('usage: open NOTICE_NUMBER|REGISTRY_NUMBER|ZAKUPKI_URL', 2);
  const wb = await cards(ctx);
  try {
    const { attempt, result } = await openByReference(reference, (at) => wb.open({ kind: at.kind, id: at.id, idType: at.idType, positionsPage: 1, positionsLimit: 20 }));
    // Which kind the number turned out to be, and its internal id, ahead of the card's usual fields.
    await printCard(ctx, attempt.kind, result, { kind: attempt.kind, id: result.id });
  } catch (e) {
    // The reason in Russian, then English, on one line (as the vault's errors).
    if (e instanceof OpenReferenceError) throw new CliError(`${e.text.ru} / ${e.text.en}`, e.reason === 'invalid' ? 2 : 1);
    throw e;
  }
}

async function printCard(ctx: CliContext, kind: 'tender' | 'contract', opened: OpenedCard, extra: Record<string, unknown> = {}): Promise<void> {
  const card = opened.card;
  // A server may not say whether a card was charged (`billed` is not in document 2's detail): then say nothing.
  const billedStated = typeof card.billed === 'boolean';
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
  const locale = await cliLocale(ctx);
  ctx.out.result({ ...extra, source, version, card: c }, () => humanCard(kind, c, source, version, locale));
}

/** The card as `tenderwb card` prints it for a person (exported for the test that compares it with the other surfaces). */
export function humanCard(kind: 'tender' | 'contract', c: Record<string, unknown>, source: string, version: number | null, locale: Locale): string {
  const versionText = version === null ? 'version not stated by the server' : `version ${version}`;
  const lines: string[] = [];
  const named = (v: unknown): string => (v && typeof v === 'object' && 'name' in v ? String((v as { name: unknown }).name) : '—');
  if (kind === 'tender') {
    lines.push(`${String(c.name ?? '')}`);
    // The stage and the law as every surface names them (i18n/codes.ts), never the server's status name.
    lines.push(`id ${String(c.id)} · ${String(c.etp_id ?? '')} · ${versionText} · ${tenderStageNameOf(c, locale)} · ${lawName(tenderLaw(c), locale)} · ${formatRub(c.price)}`);
    lines.push(`customer: ${named(c.organization)} · region: ${named(c.region)} · platform: ${named(c.platform)}`);
    lines.push(`deadline: ${String(c.end_date ?? '—')} · positions: ${formatInt(Number(c.positions_total ?? 0))}`);
  } else {
    lines.push(`contract ${String(c.reestr_number ?? c.id)} · ${versionText} · ${formatRub(c.price)}`);
    const suppliers = Array.isArray(c.suppliers) ? c.suppliers.map(named).join(', ') : '—';
    lines.push(`customer: ${named(c.customer)} · suppliers: ${suppliers}`);
  }
  const positions = Array.isArray(c.positions) ? (c.positions as Record<string, unknown>[]) : [];
  for (const p of positions) lines.push(`  ${String(p.position_ordinal ?? '')}. ${String(p.title ?? '')} — ${String(p.quantity ?? '')} ${String(p.unit ?? '')} × ${formatRub(p.price)}`);
  lines.push(`(${source})`);
  return lines.join('\n');
}
