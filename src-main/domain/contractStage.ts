/**
 * A contract's execution stage (one stage per contract on every surface): the stage's code when the
 * server sends one (the sandbox says `executed` for a completed contract), else what its name says. The
 * contract card, the insight store (dossiers' stages, red flags) read it here; i18n/codes.ts
 * `contractStageName` names it, so the card does not show the server's own words beside the dossier's.
 */
import type { ContractStage } from './insights';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The stage of a contract's `execution` as delivered; null when neither its code nor its name says. */
export function contractStageOf(execution: unknown): ContractStage | null {
  const stage = isRecord(execution) ? execution.stage : null;
  const code = isRecord(stage) ? str(stage.code) : str(stage);
  if (code !== null) {
    const c = code.trim().toLowerCase();
    if (c === 'executing') return 'executing';
    if (c === 'executed' || c === 'completed') return 'completed';
    if (c === 'terminated') return 'terminated';
  }
  const name = isRecord(stage) ? str(stage.name) : null;
  if (name === null) return null;
  if (/прекращ|расторг/i.test(name)) return 'terminated';
  if (/заверш/i.test(name)) return 'completed';
  if (/исполн/i.test(name)) return 'executing';
  return null;
}
