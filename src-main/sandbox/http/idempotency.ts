/**
 * Idempotency-Key on mutations (reference section 4, D-IDEM-*): the first executed answer is stored and a
 * repeat with the same key gets exactly those bytes back.
 */
import type Database from 'better-sqlite3';
import { sha256Hex } from '../service/secrets';

const KEEP_MS = 24 * 3_600_000;

export type StoredAnswer = { status: number; body: Buffer };

export class IdempotencyStore {
  constructor(private readonly db: Database.Database) {}

  static fingerprint(method: string, path: string, rawBody: Buffer): string {
    return sha256Hex(`${method} ${path}\n`) + sha256Hex(rawBody);
  }

  /** The stored answer; 'mismatch' when the key was used for another request. */
  find(accountId: number, key: string, fingerprint: string, nowMs: number): StoredAnswer | 'mismatch' | null {
    const row = this.db
      .prepare('SELECT fingerprint, status, body, created_ms FROM idempotency WHERE account_id = ? AND key = ?')
      .get(accountId, key) as { fingerprint: string; status: number; body: Buffer; created_ms: number } | undefined;
    if (!row || row.created_ms <= nowMs - KEEP_MS) return null;
    if (row.fingerprint !== fingerprint) return 'mismatch';
    return { status: row.status, body: row.body };
  }

  save(accountId: number, key: string, fingerprint: string, answer: StoredAnswer, nowMs: number): void {
    this.db
      .prepare('INSERT OR REPLACE INTO idempotency(account_id, key, fingerprint, status, body, created_ms) VALUES (?, ?, ?, ?, ?, ?)')
      .run(accountId, key, fingerprint, answer.status, answer.body, nowMs);
  }
}
