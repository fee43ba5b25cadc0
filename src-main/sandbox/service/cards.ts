/**
 * Tender and contract cards (4.6, 4.8). A card is charged only when its version was never delivered to the
 * account (2.6 rule 6, shared accounting with the feeds); paging through its positions is then free.
 */
import { ApiError, notFound } from './errors';
import { billPage } from './billing';
import type { SandboxService } from './sandboxService';
import type { RouteContext } from '../api/context';

export class Cards {
  constructor(private readonly svc: SandboxService) {}

  tender(ctx: RouteContext, rawId: string, idType: 'internal' | 'external', page: number, limit: number): Record<string, unknown> {
    const db = this.svc.db;
    const row = (
      idType === 'external'
        ? db.prepare('SELECT id, version FROM tenders WHERE etp_id = ?').get(rawId)
        : /^\d{1,15}$/.test(rawId)
          ? db.prepare('SELECT id, version FROM tenders WHERE id = ?').get(Number(rawId))
          : undefined
    ) as { id: number; version: number } | undefined;
    if (!row) throw notFound(`No tender with ${idType === 'external' ? 'platform id' : 'id'} ${rawId}.`);
    const billed = this.charge(ctx, 'tenders', row.id, row.version);
    return { ...this.svc.render.tenderCard(row.id, row.version, page, limit), billed, request_id: ctx.requestId };
  }

  contract(ctx: RouteContext, rawId: string, idType: 'internal' | 'reestr', page: number, limit: number): Record<string, unknown> {
    const db = this.svc.db;
    const row = (
      idType === 'reestr'
        ? db.prepare('SELECT id, version FROM contracts WHERE reestr_number = ?').get(rawId)
        : /^\d{1,15}$/.test(rawId)
          ? db.prepare('SELECT id, version FROM contracts WHERE id = ?').get(Number(rawId))
          : undefined
    ) as { id: number; version: number } | undefined;
    if (!row) throw notFound(`No contract with ${idType === 'reestr' ? 'registry number' : 'id'} ${rawId}.`);
    const billed = this.charge(ctx, 'contracts', row.id, row.version);
    return { ...this.svc.render.contractCard(row.id, row.version, page, limit), billed, request_id: ctx.requestId };
  }

  private charge(ctx: RouteContext, balanceType: 'tenders' | 'contracts', objectId: number, version: number): boolean {
    const bill = this.svc.db.transaction(() =>
      billPage(
        this.svc.db,
        {
          accountId: ctx.principal.accountId,
          isTest: ctx.principal.isTest,
          balanceType,
          filterId: null,
          requestId: ctx.requestId,
          nowMs: this.svc.clock.nowMs(),
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
