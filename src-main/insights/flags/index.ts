/**
 * src-main/insights/flags — red flags, explainable: each flag with its definition, its source (an
 * OCP "Red flags for integrity" indicator and/or the article of 44-FZ / 223-FZ), the evidence behind it and
 * a local dismissal. Objects lacking a field a flag needs are not flagged but counted (FlagGap).
 *
 * | Module | What it does |
 * |---|---|
 * | `catalogue.ts` | The six flags: definitions, sources, thresholds, the fields each needs (and whether the reference guarantees them). |
 * | `submissionMinimums.ts` | The legal minimum submission periods with their articles, and how a period is counted (Moscow days). |
 * | `classify.ts` | The law from the notice or registry number, the procedure from the placement name. |
 * | `tenderRules.ts`, `contractRules.ts`, `customerRules.ts` | The rules, one function per flag, pure. |
 * | `sink.ts`, `engine.ts` | `computeFlags(facts, dismissed)`: every rule over a scope's facts, flags and gaps. |
 * | `flagsFor.ts` | The reader: a scope's facts from the insight store, judged. |
 * | `dismissals.ts` | Dismiss and restore a flag (only the catalogue's codes). |
 */
export { FLAG_CATALOGUE, FLAG_CODES, flagDefinition, type FlagCode } from './catalogue';
export { computeFlags, type FlagFacts, type FlagsResult } from './engine';
export { flagsFor, type FlagScope } from './flagsFor';
export { dismissFlag, restoreFlag } from './dismissals';
