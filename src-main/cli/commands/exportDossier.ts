/**
 * `tenderwb export dossier customer|supplier INN --out FILE [--format xlsx|csv|excel|plain]`: the
 * dossier the app exports (export/dossierExport.ts), from the cache, offline and free: an XLSX workbook (a sheet
 * per table and «Источник»), or one CSV of the same tables one under another with `FILE.provenance.json`
 * beside it. Recorded in the export history like the other exports. An INN the cache holds nothing on exits 8
 * with the command that loads its contracts, as `analytics customer|supplier` does.
 */
import { parseCommandArgs } from '../args';
import { cliLocale, inUserLanguage } from '../cliLocale';
import type { CliContext } from '../context';
import { tableExportFormat } from '../exportFormat';
import { EXPORT_TEXT } from '../exportText';
import { CliError } from '../output';
import { exportDossierCsv, exportDossierXlsx, type Dossier } from '../../export/dossierExport';
import { outTarget, recorded, written } from '../exportRecord';
import { pick } from '../../i18n/text';
import { customerDossier, supplierDossier } from '../../insights/index';
import { innArgument, nothingCached } from './analytics';

export async function exportDossierCommand(ctx: CliContext, args: string[]): Promise<void> {
  const locale = await cliLocale(ctx);
  const a = parseCommandArgs(args, { out: { type: 'string' }, format: { type: 'string' } });
  const [party, raw] = a.positionals;
  const out = a.values.out;
  if ((party !== 'customer' && party !== 'supplier') || a.positionals.length !== 2 || typeof out !== 'string' || out.trim() === '') throw new CliError(pick(EXPORT_TEXT.dossierUsage, locale), 2);
  const inn = innArgument(raw, locale);
  const file = tableExportFormat(a.values.format, out, locale);
  const target = outTarget(ctx, out);
  const cache = await ctx.cache();
  const dossier: Dossier = inUserLanguage(() => (party === 'customer' ? { party, dossier: customerDossier(cache, inn) } : { party, dossier: supplierDossier(cache, inn) }), locale);
  if (dossier.dossier.cached === false) throw nothingCached(party, inn, locale);
  const result = file.format === 'xlsx' ? await exportDossierXlsx(cache, dossier, target, locale) : await exportDossierCsv(cache, dossier, target, { locale, keepTextAsText: file.keepTextAsText });
  recorded(ctx, cache, out, result.provenance, locale, target);
  written(ctx, out, result, locale);
}
