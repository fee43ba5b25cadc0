/**
 * Runs extraction off the caller's thread: a worker with memory limits (`resourceLimits`) and a
 * time limit per file. A file that runs out of time or memory, or crashes the thread, ends that worker and is
 * reported as failed with the reason; the next file gets a fresh worker. One worker is kept between files, as
 * starting one costs more than most documents.
 */
import { Worker } from 'node:worker_threads';
import { text } from '../../i18n/text';
import { workerEntry } from '../../threads/workerEntry';
import { DEFAULT_EXTRACT_LIMITS, type ExtractLimits, type Extracted } from './extractText';

export type ExtractorOptions = {
  /** Per file (default 60 s). */
  timeoutMs?: number;
  /** The worker's heap (default 512 MB). */
  maxMemoryMb?: number;
  limits?: ExtractLimits;
};

type Pending = { resolve: (r: Extracted) => void; timer: NodeJS.Timeout };

export class DocumentExtractor {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly options: ExtractorOptions = {}) {}

  private start(): Worker {
    const entry = workerEntry(import.meta.url, 'extractWorker');
    const worker = new Worker(entry.file, {
      argv: entry.argv,
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxMemoryMb ?? 512, maxYoungGenerationSizeMb: 64 },
    });
    worker.unref();
    worker.on('message', (m: { id: number; result?: Extracted; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      p.resolve(m.result ?? failed(text(`файл не прочитан: ${m.error ?? ''}`, `the file was not read: ${m.error ?? ''}`)));
    });
    const lost = (why: ReturnType<typeof text>): void => {
      if (this.worker === worker) this.worker = null;
      for (const [id, p] of this.pending) {
        clearTimeout(p.timer);
        p.resolve(failed(why));
        this.pending.delete(id);
      }
    };
    worker.on('error', (e: Error & { code?: string }) =>
      lost(
        e.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? text(`разбор файла превысил предел памяти (${this.options.maxMemoryMb ?? 512} МБ)`, `reading the file went over the memory limit (${this.options.maxMemoryMb ?? 512} MB)`)
          : text(`разбор файла завершился сбоем (${e.message.slice(0, 200)})`, `reading the file crashed (${e.message.slice(0, 200)})`),
      ),
    );
    worker.on('exit', () => lost(text('разбор файла прерван', 'reading the file was interrupted')));
    return worker;
  }

  extract(bytes: Uint8Array): Promise<Extracted> {
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    const timeoutMs = this.options.timeoutMs ?? 60_000;
    return new Promise<Extracted>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        // A limit under a second (tests, a tight setting) is said in ms, not as «0 с».
        const [ru, en] = timeoutMs >= 1000 ? [`${Math.round(timeoutMs / 1000)} с`, `${Math.round(timeoutMs / 1000)} s`] : [`${timeoutMs} мс`, `${timeoutMs} ms`];
        resolve(failed(text(`разбор файла дольше ${ru} — прерван`, `reading the file took over ${en}: stopped`)));
        // The thread may be stuck in a parser's loop: it is ended, the next file gets a new one.
        if (this.worker === worker) this.worker = null;
        void worker.terminate();
      }, timeoutMs);
      this.pending.set(id, { resolve, timer });
      worker.postMessage({ id, bytes, limits: this.options.limits ?? DEFAULT_EXTRACT_LIMITS });
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}

const failed = (reason: ReturnType<typeof text>): Extracted => ({ state: 'failed', format: 'unknown', text: '', reason, members: [] });
