/**
 * `tenderwb enrich [--tenders] [--contracts] [--max-spend N] [--yes] [--preview]`: opens the cards of cached objects whose
 * newest version has no cached positions (current/enrich.ts), in the foreground with a progress bar, in the
 * app's language (settings.json; i18n/enrichText.ts). Neither kind flag means both.
 *
 * It first says what it will open, how long that takes at the profile's request rate and what it costs: 0 units
 * for the versions held, one unit for a card that turns out to be a newer version (unknown before asking), so
 * at most one per object. The run is planned by the core's spendGuard on that worst case: without a flag it
 * stops at the confirmation threshold (settings.json) and refuses before any request when the worst case is
 * above it; `--yes` consents to the worst case, `--max-spend N` to N; `--preview` only says it (cache only, no
 * request). A rerun opens only what is still missing.
 */
import { parseCommandArgs } from '../args';
import { usageError } from '../help';
import type { CliContext } from '../context';
import { CliError } from '../output';
import { parseSpendFlags } from '../spendCap';
import type { ObjectKind } from '../../cache/types';
import { planSpend, spendPlanInput, type SpendLimit } from '../../current/spendGuard';
import { AppError } from '../../domain/appError';
import { readSettings } from '../../workspace/settings';
import { enrichText } from '../../i18n/enrichText';


export async function enrichCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const a = parseCommandArgs(args, {
    tenders: { type: 'boolean' },
    contracts: { type: 'boolean' },
    'max-spend': { type: 'string' },
    yes: { type: 'boolean' },
    preview: { type: 'boolean' },
  });
  if (a.positionals.length) throw usageError('enrich');
  const flags = parseSpendFlags(a.values);
  const only = (['tender', 'contract'] as const).filter((k) => a.values[`${k}s`] === true);
  const kinds: ObjectKind[] = only.length ? [...only] : ['tender', 'contract'];
  const wb = await ctx.current();
  const cache = await ctx.cache();
  // The app's language (settings.json), Russian unless switched, like the other intelligence commands.
  const { spending, locale } = await readSettings(ctx.registry.rootDir);
  const estimate = wb.enrichEstimate(kinds, flags.maxSpend);
  const { spend: _spend, ...preview } = estimate;
  ctx.out.result({ preview }, enrichText.preview(estimate, locale));
  if (estimate.objects === 0 || a.values.preview === true) return;

  // The core's planner: consent is --max-spend N (to N) or --yes (to the worst case).
  const consent = flags.maxSpend ?? (a.values.yes === true ? estimate.worstCase : undefined);
  let limit: SpendLimit;
  try {
    limit = planSpend(spendPlanInput(spending, cache, estimate.worstCase, flags.maxSpend, consent));
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    if (e.code === 'confirmation_required') throw new CliError(enrichText.consent(estimate.worstCase, spending.confirmAbove, locale), 2);
    throw new CliError(locale === 'en' ? e.text.en : e.text.ru, e.code === 'spend_cap' ? 5 : 1);
  }

  const outcome = await wb.enrich({
    kinds,
    cap: limit.cap,
    signal,
    onProgress: (p) => ctx.out.progress(enrichText.progress(p.items, p.total ?? 0, p.pages, p.charged, locale), p.total ? p.items / p.total : undefined),
  });
  const remaining = wb.enrichEstimate(kinds).objects;
  ctx.out.result(
    { stopped_by: outcome.stoppedBy, objects: outcome.items, requests: outcome.pages, charged: outcome.charged, free: outcome.free, remaining },
    enrichText.outcome({ done: outcome.items, requests: outcome.pages, charged: outcome.charged, remaining, stop: outcome.stoppedBy }, locale),
  );
  if (outcome.stoppedBy === 'spend_cap') ctx.out.info(enrichText.capNote(limit.cap, locale));
  if (outcome.stoppedBy === 'balance_exhausted') throw new CliError(enrichText.balance(locale), 3);
}
