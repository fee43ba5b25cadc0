/**
 * A red flag's evidence in words on the flags page: the vocabulary (each key's name in both languages, its kind,
 * the fields a gap names) is the core's, src-main/i18n/flagEvidence, shared with the CLI's `tenderwb flags`;
 * here only the renderer's way of writing money, percentages, counts and Moscow moments. Pure.
 */
import type { Locale } from '../../../src-main/contract/ipc';
import * as vocabulary from '../../../src-main/i18n/flagEvidence';
import { formatDateTime, formatInt, formatRub } from '../../format/format';
import { percent } from './insightsLabels';

export { evidenceName, fieldName } from '../../../src-main/i18n/flagEvidence';

const FORMATS: vocabulary.EvidenceFormats = { rub: formatRub, pct: (value, locale) => percent(value, locale, 2), int: formatInt, moment: formatDateTime };

export const evidenceValue = (key: string, value: unknown, locale: Locale): string => vocabulary.evidenceValue(key, value, locale, FORMATS);

/** The evidence as lines (the key, its name, the value in words), in the engine's order. */
export const evidenceLines = (evidence: Record<string, unknown>, locale: Locale): [key: string, name: string, value: string][] =>
  vocabulary.evidenceLines(evidence, locale, FORMATS);
