/** The sync engine's QUERY port over the real API client (the page is already read by api/queryPage.ts). */
import type { ApiClient } from '../api/client';
import type { ContractQueryBody, TenderQueryBody } from '../api/types';
import type { FeedName, QueryPage, QueryPort } from './ports';

export function apiQueryPort(client: ApiClient): QueryPort {
  return {
    async query(feed: FeedName, body: Record<string, unknown>, signal?: AbortSignal): Promise<QueryPage> {
      const page =
        feed === 'tender'
          ? await client.queryTenders(body as TenderQueryBody, { signal })
          : await client.queryContracts(body as ContractQueryBody, { signal });
      return {
        filterId: page.filterId,
        state: page.state,
        results: page.results,
        nextCursor: page.nextCursor,
        total: page.total,
        charges: page.charges,
        requestId: page.requestId,
        cursorExpired: page.cursorExpired,
        expiresAt: page.expiresAt,
      };
    },
  };
}
