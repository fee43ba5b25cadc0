// The bench core of bench/hostLag.ts: `sync.start` stores a large sync in a real cache inside the core worker.
import { join } from 'node:path';
import type { AppCore, AppCoreOptions } from '../src-main/app/appCore';
import type { Handlers } from '../src-main/contract/ipc';
import { ingestSync } from './hostLag';

export async function createAppCore(options: AppCoreOptions): Promise<AppCore> {
  const env = options.env ?? process.env;
  const handlers: Partial<Handlers> = {
    'sync.start': async () => {
      const r = await ingestSync({ tenders: Number(env['TENDERWB_LAG_TENDERS']), versions: Number(env['TENDERWB_LAG_VERSIONS']), file: join(options.dataDir, 'worker.db') });
      // The figures ride back in the job id (the contract's result shape).
      return { jobId: `job_${JSON.stringify(r).replaceAll(',', '_')}` };
    },
  };
  return { handlers: handlers as Handlers, close: async () => undefined };
}
