/**
 * One account, two API generations (issue 12): the built-in profiles `sandbox` (current) and
 * `sandbox-earlier` are the demo account of the same sandbox, so a tender held through one is charged again
 * when the other delivers it (each generation bills its own deliveries). Which profiles share an account is
 * decided by construction, not guessed: neither reference states an account id or login a client could
 * compare (docs/api-decisions.md, D-ACC-1), so only the built-in pair is known to be one account.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { AppContext, Session } from './context';
import { SANDBOX_EARLIER_PROFILE, SANDBOX_PROFILE } from './sandboxProfile';

/** The current-generation profile of the same account as `session`, when one is known. */
export function currentGenerationTwin(session: Session): string | null {
  return session.builtIn && session.name === SANDBOX_EARLIER_PROFILE ? SANDBOX_PROFILE : null;
}

/**
 * Tenders the same account holds in its current-generation cache (null: no twin known). The earlier filter's
 * members are not known before it is loaded (its conditions are not shown, D-E-FLT), so this is the count a
 * load may charge again, not a prediction of how many will be.
 */
export function tendersHeldInCurrentGeneration(ctx: AppContext, session: Session): number | null {
  const twin = currentGenerationTwin(session);
  if (twin === null) return null;
  const file = path.join(ctx.registry.dataDir(twin), 'cache.db');
  if (!existsSync(file)) return 0;
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { fileMustExist: true, readonly: true });
    const row = db.prepare<[], { n: number }>('SELECT count(DISTINCT id) AS n FROM object_version WHERE kind = 1').get();
    return row?.n ?? 0;
  } catch {
    // A cache that cannot be read now (a newer schema, a lock): the warning is left out, nothing else depends on it.
    return null;
  } finally {
    db?.close();
  }
}

/** The other generation's profile of the same account, both ways. */
export function twinProfile(session: Session): { name: string; generation: 'current' | 'earlier' } | null {
  if (!session.builtIn) return null;
  if (session.name === SANDBOX_EARLIER_PROFILE) return { name: SANDBOX_PROFILE, generation: 'current' };
  if (session.name === SANDBOX_PROFILE) return { name: SANDBOX_EARLIER_PROFILE, generation: 'earlier' };
  return null;
}

export type TwinCharges = {
  profile: string | null;
  generation: 'current' | 'earlier' | null;
  /** Charges the twin's mirror holds, per balance: its ledger rows (current) or its history's debits (earlier). */
  charges: { balanceType: string; movements: number; units: number }[];
};

/**
 * What the same account spent through the other generation, as that profile's cache mirrors it (its ledger,
 * or its balance history's debits): the movements of the shared balance this profile's own ledger cannot
 * explain. As fresh as that profile's last look at the server.
 */
export function twinCharges(ctx: AppContext, session: Session): TwinCharges {
  const twin = twinProfile(session);
  if (twin === null) return { profile: null, generation: null, charges: [] };
  const file = path.join(ctx.registry.dataDir(twin.name), 'cache.db');
  if (!existsSync(file)) return { ...twinOf(twin), charges: [] };
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { fileMustExist: true, readonly: true });
    const sql =
      twin.generation === 'current'
        ? 'SELECT balance_type AS balanceType, count(*) AS movements, sum(amount) AS units FROM ledger_row GROUP BY balance_type ORDER BY balance_type'
        : 'SELECT balance_type AS balanceType, count(*) AS movements, -sum(amount) AS units FROM earlier_transaction WHERE amount < 0 GROUP BY balance_type ORDER BY balance_type';
    return { ...twinOf(twin), charges: db.prepare<[], TwinCharges['charges'][number]>(sql).all() };
  } catch {
    // Not readable now (a newer schema, never opened for this generation): nothing to add.
    return { ...twinOf(twin), charges: [] };
  } finally {
    db?.close();
  }
}

const twinOf = (twin: { name: string; generation: 'current' | 'earlier' }): Pick<TwinCharges, 'profile' | 'generation'> => ({ profile: twin.name, generation: twin.generation });
