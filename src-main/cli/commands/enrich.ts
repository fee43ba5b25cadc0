/**
 * `tenderwb enrich [--tenders] [--contracts] [--max-spend N] [--yes] [--preview]`: opens the cards of cached objects whose
 * newest version has no cached positions (current/enrich.ts), in the foreground with a progress bar. Neither
 * kind flag means both.
 *
 * It first says what it will open, how long that takes at the profile's request rate and what it costs: 0 units
 * for the versions held, one unit for a card that turns out to be a newer version (unknown before asking), so
 * at most one per object. The run is planned by the core's spendGuard on that worst case: without a flag it
 * stops at the confirmation threshold (settings.json) and refuses before any request when the worst case is
 * above it; `--yes` consents to the worst case, `--max-spend N` to N; `--preview` only says it (cache only, no
 * request). A rerun opens only what is still missing.
 */
import { parseCommandArgs } from '../args';
import type { CliContext } from '../context';
import { CliError, formatInt } from '../output';
import { STOP_TEXT } from '../feedSetRun';
import { parseSpendFlags } from '../spendCap';
import type { ObjectKind } from '../../cache/types';
import type { EnrichEstimate } from '../../contract/ipc';
import { planSpend, spendPlanInput, type SpendLimit } from '../../current/spendGuard';
import { AppError } from '../../domain/appError';
import { readSettings } from '../../app/settings';

const USAGE = 'usage: enrich [--tenders] [--contracts] [--max-spend N] [--yes] [--preview]';

function previewLine(e: EnrichEstimate): string {
  const what = `${formatInt(e.objects)} objects without positions: ${formatInt(e.cards)} cards to open${e.pages ? ` and ${formatInt(e.pages)} further positions pages` : ''}`;
  const time = `at least ${formatInt(e.requests)} requests, about ${formatInt(e.minutes)} min at ${formatInt(e.perMinute)} requests a minute`;
  const cost = `cost: 0 units for the versions held; a card is charged 1 unit only if the server now has a newer version (not known before asking), so at most ${formatInt(e.worstCase)}`;
  return `enrich preview: ${what}; ${time}; ${cost}`;
}

export async function enrichCommand(ctx: CliContext, args: string[], signal: AbortSignal): Promise<void> {
  const a = parseCommandArgs(args, {
    tenders: { type: 'boolean' },
    contracts: { type: 'boolean' },
    'max-spend': { type: 'string' },
    yes: { type: 'boolean' },
    preview: { type: 'boolean' },
  });
  if (a.positionals.length) throw new CliError(USAGE, 2);
  const flags = parseSpendFlags(a.values);
  const only = (['tender', 'contract'] as const).filter((k) => a.values[`${k}s`] === true);
  const kinds: ObjectKind[] = only.length ? [...only] : ['tender', 'contract'];
  const wb = await ctx.current();
  const cache = await ctx.cache();
  const estimate = wb.enrichEstimate(kinds, flags.maxSpend);
  const { spend: _spend, ...preview } = estimate;
  ctx.out.result({ preview }, previewLine(estimate));
  if (estimate.objects === 0 || a.values.preview === true) return;

  // The core's planner: consent is --max-spend N (to N) or --yes (to the worst case).
  const { spending } = await readSettings(ctx.registry.rootDir);
  const consent = flags.maxSpend ?? (a.values.yes === true ? estimate.worstCase : undefined);
  let limit: SpendLimit;
  try {
    limit = planSpend(spendPlanInput(spending, cache, estimate.worstCase, flags.maxSpend, consent));
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    if (e.code === 'confirmation_required') {
      throw new CliError(
        `enrich may be charged up to ${formatInt(estimate.worstCase)} units (expected 0), above the confirmation threshold of ${formatInt(spending.confirmAbove)}; nothing was opened. ` +
          `Add --yes to allow that, or --max-spend N to stop after N units`,
        2,
      );
    }
    throw new CliError(e.text.en, e.code === 'spend_cap' ? 5 : 1);
  }

  const outcome = await wb.enrich({
    kinds,
    cap: limit.cap,
    signal,
    onProgress: (p) =>
      ctx.out.progress(`enrich: ${formatInt(p.items)} / ${formatInt(p.total ?? 0)} objects, ${formatInt(p.pages)} requests, ${formatInt(p.charged)} units`, p.total ? p.items / p.total : undefined),
  });
  const remaining = wb.enrichEstimate(kinds).objects;
  ctx.out.result(
    { stopped_by: outcome.stoppedBy, objects: outcome.items, requests: outcome.pages, charged: outcome.charged, free: outcome.free, remaining },
    `enrich: ${formatInt(outcome.items)} objects completed with ${formatInt(outcome.pages)} requests, ${formatInt(outcome.charged)} units charged, ${formatInt(remaining)} still without positions — ${STOP_TEXT[outcome.stoppedBy]}`,
  );
  if (outcome.stoppedBy === 'spend_cap') ctx.out.info(`stopped at the cap of ${formatInt(limit.cap)} units: run again with --yes or a higher --max-spend to continue; nothing received is paid again`);
  if (outcome.stoppedBy === 'balance_exhausted') throw new CliError('the balance ran out: what was delivered is stored; top up and run again to continue from the same place', 3);
}
