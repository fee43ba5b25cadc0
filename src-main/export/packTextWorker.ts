/**
 * The worker thread of packTextThread.ts: reads packs from its own read-only connection to the cache,
 * inflates them and cuts out the fields the export's columns read. It answers each request in the order
 * asked; a failure is answered as such and the parent does that pack itself.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openPackFile } from '../cache/packFile';
import { jsonFieldCutter } from '../cache/jsonFields';
import type { PackTextReply, PackTextRequest, PackTextWorkerData } from './packTextProtocol';

if (parentPort === null) throw new Error('packTextWorker runs only as a worker thread (see packTextThread.ts)');
const port = parentPort;
const data = workerData as PackTextWorkerData;

const packs = openPackFile(data);
const cutter = jsonFieldCutter(data.fields);

port.on('message', (request: PackTextRequest | 'close') => {
  if (request === 'close') {
    packs.close();
    port.close();
    return;
  }
  let reply: PackTextReply;
  try {
    const raw = packs.read(request.packId);
    let total = 0;
    for (const length of request.lengths) total += length;
    // Its own memory (not a pooled slice), since it is moved to the parent; a cut is never longer than its member.
    const bytes = Buffer.allocUnsafeSlow(total);
    const ends = new Array<number>(request.offsets.length);
    let written = 0;
    for (let i = 0; i < ends.length; i += 1) {
      const start = request.offsets[i]!;
      const end = start + request.lengths[i]!;
      const length = cutter.cut(raw, start, end);
      written += length < 0 ? raw.copy(bytes, written, start, end) : cutter.output().copy(bytes, written, 0, length);
      ends[i] = written;
    }
    reply = { seq: request.seq, bytes: bytes.buffer as ArrayBuffer, ends };
  } catch (error) {
    reply = { seq: request.seq, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply, 'bytes' in reply ? [reply.bytes] : []);
});
port.postMessage({ seq: 0, bytes: new ArrayBuffer(0), ends: [] } satisfies PackTextReply); // ready
