/**
 * The documents' bytes, stored by their sha256 beside the cache: `<cache>.documents/ab/abcdef…`.
 * The same bytes are one file whatever tender, version or name they came under.
 *
 * A file is written under a temporary name in `tmp/` of the same directory (so the rename stays on one file
 * system), flushed, and renamed to its hash only when whole: a `kill -9` during a download leaves at most a
 * `.part` file in `tmp/`, which the next open sweeps, and never a half file under a final name. Whether a hash
 * is held is decided by the final name existing, so a crash between the rename and the cache's row costs a
 * download at most, not a file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, rmSync, statSync, type WriteStream } from 'node:fs';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const SHA256 = /^[0-9a-f]{64}$/;

export type BlobWriter = {
  /** Adds a chunk to the temporary file and the hash. */
  write(chunk: Uint8Array): Promise<void>;
  readonly bytes: number;
  /** Flushes and renames the file to its hash; `fresh` is false when those bytes were already held (the temporary file is removed). */
  commit(): Promise<{ sha256: string; bytes: number; fresh: boolean }>;
  /** Removes the temporary file (a failed or refused download). */
  abort(): Promise<void>;
};

export class BlobStore {
  readonly tmpDir: string;

  constructor(readonly dir: string) {
    this.tmpDir = join(dir, 'tmp');
    mkdirSync(this.tmpDir, { recursive: true });
  }

  /** The store beside a cache file. */
  static besideCache(cacheFile: string): BlobStore {
    return new BlobStore(`${cacheFile}.documents`);
  }

  /** Removes what a killed download left in `tmp/` (older than `olderThanMs`, so a live writer of another process keeps its file). */
  sweep(olderThanMs = 60 * 60 * 1000, now = Date.now()): number {
    let removed = 0;
    for (const name of readdirSync(this.tmpDir)) {
      const path = join(this.tmpDir, name);
      try {
        if (now - statSync(path).mtimeMs >= olderThanMs) {
          rmSync(path, { force: true });
          removed++;
        }
      } catch {
        // Gone already (another process swept it).
      }
    }
    return removed;
  }

  pathOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new RangeError(`not a sha256: ${sha256}`);
    return join(this.dir, sha256.slice(0, 2), sha256);
  }

  has(sha256: string): boolean {
    return SHA256.test(sha256) && existsSync(this.pathOf(sha256));
  }

  read(sha256: string): Promise<Buffer> {
    return readFile(this.pathOf(sha256));
  }

  /** The names under `tmp/` (for tests and the sweep). */
  temporaryFiles(): string[] {
    return readdirSync(this.tmpDir);
  }

  writer(): BlobWriter {
    const tmp = join(this.tmpDir, `${process.pid}-${randomBytes(8).toString('hex')}.part`);
    const hash = createHash('sha256');
    const out: WriteStream = createWriteStream(tmp, { flags: 'wx' });
    let bytes = 0;
    let failure: Error | null = null;
    out.on('error', (e) => (failure = e));
    const closed = (): Promise<void> =>
      new Promise((resolve, reject) => {
        if (out.closed) return failure ? reject(failure) : resolve();
        out.end(() => (failure ? reject(failure) : resolve()));
      });
    return {
      get bytes() {
        return bytes;
      },
      write: (chunk) =>
        new Promise((resolve, reject) => {
          if (failure) return reject(failure);
          bytes += chunk.length;
          hash.update(chunk);
          out.write(chunk, (e) => (e ? reject(e) : resolve()));
        }),
      commit: async () => {
        await closed();
        const sha256 = hash.digest('hex');
        const final = this.pathOf(sha256);
        if (existsSync(final)) {
          await rm(tmp, { force: true });
          return { sha256, bytes, fresh: false };
        }
        // Flushed to the disk before it takes its final name: after a power cut a final name holds whole bytes.
        const fd = await open(tmp, 'r+');
        try {
          await fd.sync();
        } finally {
          await fd.close();
        }
        mkdirSync(dirname(final), { recursive: true });
        await rename(tmp, final);
        return { sha256, bytes, fresh: true };
      },
      abort: async () => {
        out.destroy();
        await rm(tmp, { force: true });
      },
    };
  }
}
