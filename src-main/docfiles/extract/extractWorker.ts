/**
 * The extraction thread: one document's bytes in, its text out. Started by ./extractRunner.ts with
 * memory limits and killed when a file takes longer than its time; nothing here touches the disk or the cache.
 */
import { parentPort } from 'node:worker_threads';
import { extractText, type ExtractLimits } from './extractText';

type Job = { id: number; bytes: Uint8Array; limits: ExtractLimits };

parentPort!.on('message', (job: Job) => {
  void extractText(job.bytes, job.limits).then(
    (result) => parentPort!.postMessage({ id: job.id, result }),
    (e: unknown) => parentPort!.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) }),
  );
});
