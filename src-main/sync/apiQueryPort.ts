/** The sync engine's QUERY port over the real API client. */
import type { ApiClient } from '../api/client';
import type { ContractQueryBody, TenderQueryBody } from '../api/types';
import type { DeliveredItem, FeedName, QueryPage, QueryPort } from './ports';

export function apiQueryPort(client: ApiClient): QueryPort {
  return {
    async query(feed: FeedName, body: Record<string, unknown>, signal?: AbortSignal): Promise<QueryPage> {
      const page =
        feed === 'tender'
          ? await client.queryTenders(body as TenderQueryBody, { signal })
          : await client.queryContracts(body as ContractQueryBody, { signal });
      const results: DeliveredItem[] = page.results.map((r) => ({
        event: r.event === 'updated' ? 'updated' : 'created',
        version: r.version,
        billed: r.billed,
        object: ('tender' in r ? r.tender : (r as { contract: { id: number } & Record<string, unknown> }).contract) as DeliveredItem['object'],
      }));
      return {
        filterId: page.filterId,
        state: page.state,
        results,
        nextCursor: page.nextCursor,
        total: page.total,
        billed: page.billed,
        requestId: page.requestId,
        cursorExpired: page.cursorExpired,
        expiresAt: page.expiresAt,
      };
    },
  };
}
