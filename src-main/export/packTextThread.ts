/**
 * Reading a long list's packs on a second thread. Measured on a 100,000-member list (bench/export.ts,
 * 2026-11-25), the export's single thread spent about as long inflating packs and cutting the columns'
 * fields out of each member's JSON (~1.1 s) as parsing those fields and writing CSV cells (~1.2 s). The
 * first half needs only the pack's bytes, so a worker (packTextWorker.ts, its own read-only connection)
 * does it for the packs ahead while this thread writes the rows of the pack before: packs never change once
 * written, so both connections read the same bytes.
 *
 * A failure of the thread (it cannot start, a pack it cannot read) rejects that pack's promise, and the
 * caller reads the pack itself: the export is never lost to the thread.
 */
import { Worker } from 'node:worker_threads';
import type { PackMembers } from '../cache/listMemberVersions';
import { packFileAccess } from '../cache/packFile';
import { workerEntry } from '../threads/workerEntry';
import type { PackCut, PackTextReply, PackTextRequest, PackTextWorkerData } from './packTextProtocol';

export interface PackTextThread {
  /** The kept fields of each member of the pack, as JSON bytes in the members' order. */
  cut(pack: PackMembers): Promise<PackCut>;
  /** Ends the thread (its connection closes with it). */
  close(): void;
}

type Waiting = { resolve: (cut: PackCut) => void; reject: (error: Error) => void };

export function startPackTextThread(file: string, fields: readonly string[]): PackTextThread {
  const entry = workerEntry(import.meta.url, 'packTextWorker');
  const data: PackTextWorkerData = { ...packFileAccess(file), fields };
  const waiting = new Map<number, Waiting>();
  let nextSeq = 1;
  let failure: Error | null = null;
  let closed = false;

  const fail = (error: Error): void => {
    failure ??= error;
    for (const w of waiting.values()) w.reject(failure);
    waiting.clear();
  };

  let worker: Worker | null = null;
  try {
    worker = new Worker(entry.file, { workerData: data, argv: entry.argv, stdout: true, stderr: true });
    worker.on('message', (reply: PackTextReply) => {
      const w = waiting.get(reply.seq);
      if (w === undefined) return; // seq 0: ready
      waiting.delete(reply.seq);
      if ('error' in reply) w.reject(new Error(reply.error));
      else w.resolve({ bytes: reply.bytes, ends: reply.ends });
    });
    worker.on('error', (error) => fail(error));
    worker.on('exit', (code) => fail(new Error(closed ? 'closed' : `the pack reader thread ended (code ${code})`)));
  } catch (error) {
    fail(error instanceof Error ? error : new Error(String(error)));
  }

  return {
    cut(pack) {
      if (failure !== null || worker === null) return Promise.reject(failure ?? new Error('no thread'));
      const seq = nextSeq++;
      const request: PackTextRequest = { seq, packId: pack.packId, offsets: pack.offsets, lengths: pack.lengths };
      const answer = new Promise<PackCut>((resolve, reject) => waiting.set(seq, { resolve, reject }));
      worker.postMessage(request);
      return answer;
    },
    close() {
      if (closed) return;
      closed = true;
      if (worker !== null && failure === null) worker.postMessage('close');
      // Whatever it is doing, it must not keep the process alive (a cancelled export, a CLI at its end).
      worker?.unref();
    },
  };
}
