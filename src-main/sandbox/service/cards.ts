/**
 * Tender and contract cards (4.6, 4.8). A card is charged only when its version was never delivered to the
 * account (2.6 rule 6, shared accounting with the feeds); paging through its positions is then free.
 */
import type Database from 'better-sqlite3';
import { ApiError, notFound } from './errors';
import { billPage } from './billing';
import type { SandboxClock } from './clock';
import type { Renderer } from './render';
import type { Caller } from './caller';

export class Cards {
  constructor(
    private readonly db: Database.Database,
    private readonly clock: SandboxClock,
    private readonly render: Renderer,
  ) {}

  tender(ctx: Caller, rawId: string, idType: 'internal' | 'external', page: number, limit: number): Record<string, unknown> {
    const db = this.db;
    const row = (
      idType === 'external'
        ? db.prepare('SELECT id, version FROM tenders WHERE etp_id = ?').get(rawId)
        : /^\d{1,15}$/.test(rawId)
          ? db.prepare('SELECT id, version FROM tenders WHERE id = ?').get(Number(rawId))
          : undefined
    ) as { id: number; version: number } | undefined;
    if (!row) throw notFound(`No tender with ${idType === 'external' ? 'platform id' : 'id'} ${rawId}.`);
    const billed = this.charge(ctx, 'tenders', row.id, row.version);
    return { ...this.render.tenderCard(row.id, row.version, page, limit), billed, request_id: ctx.requestId };
  }

  contract(ctx: Caller, rawId: string, idType: 'internal' | 'reestr', page: number, limit: number): Record<string, unknown> {
    const db = this.db;
    const row = (
      idType === 'reestr'
        ? db.prepare('SELECT id, version FROM contracts WHERE reestr_number = ?').get(rawId)
        : /^\d{1,15}$/.test(rawId)
          ? db.prepare('SELECT id, version FROM contracts WHERE id = ?').get(Number(rawId))
          : undefined
    ) as { id: number; version: number } | undefined;
    if (!row) throw notFound(`No contract with ${idType === 'reestr' ? 'registry number' : 'id'} ${rawId}.`);
    const billed = this.charge(ctx, 'contracts', row.id, row.version);
    return { ...this.render.contractCard(row.id, row.version, page, limit), billed, request_id: ctx.requestId };
  }

  private charge(ctx: Caller, balanceType: 'tenders' | 'contracts', objectId: number, version: number): boolean {
    const bill = this.db.transaction(() =>
      billPage(
        this.db,
        {
          accountId: ctx.principal.accountId,
          isTest: ctx.principal.isTest,
          balanceType,
          filterId: null,
          requestId: ctx.requestId,
          nowMs: this.clock.nowMs(),
        },
        [{ object_id: objectId, version }],
      ),
    )();
    if (bill.delivered.length === 0) {
      throw new ApiError(402, 'balance_exhausted', `The ${balanceType} balance is exhausted; this card version has not been delivered to you before.`);
    }
    return bill.delivered[0]!.billed;
  }
}
