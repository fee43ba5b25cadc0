/**
 * A small file system of its own for the full-disk tests: a tmpfs of a few MB mounted on a
 * fresh folder, so a sync, an export or a team pull really meets ENOSPC and SQLite's «database or disk is full»
 * midway, as on a user's full disk, with no fault injected into the code under test.
 *
 * Mounting needs root (CAP_SYS_ADMIN), as the tests and CI run. Where it is impossible the test FAILS with the
 * reason: it never skips, since a skipped full-disk test would hide exactly the failure it exists to catch.
 * Every mount is recorded, and `unmountSmallDisks` (each suite's afterAll) removes them all even after a
 * failure; a mount still busy (a child process not yet gone) is detached lazily, so no test leaves one behind.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statfsSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallDisk {
  /** The mount point: everything written under it counts against the disk's size. */
  readonly dir: string;
  /** Bytes an unprivileged writer can still use. */
  free(): number;
  /** Fills the disk with a filler file until at most `leaveBytes` remain (0: nothing at all). */
  fill(leaveBytes?: number): void;
  /** Deletes the filler: the space it took is free again. */
  unfill(): void;
}

const mounted: string[] = [];

function run(cmd: string, args: string[]): void {
  execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Mounts a tmpfs of `sizeMiB` MB; throws (never skips) when this machine cannot. */
export function mountSmallDisk(sizeMiB: number): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'tenderwb-small-disk-'));
  try {
    run('mount', ['-t', 'tmpfs', '-o', `size=${sizeMiB}m,mode=0777`, 'tmpfs', dir]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim();
    throw new Error(
      `The full-disk tests need a small file system of their own and could not mount one (mount -t tmpfs -o size=${sizeMiB}m tmpfs ${dir}: ` +
        `${stderr || (error as Error).message}). Run them as root (CAP_SYS_ADMIN), as CI does; they are not skipped, since a skip would hide the failure they catch.`,
      { cause: error },
    );
  }
  mounted.push(dir);
  const filler = join(dir, '.filler');
  const free = (): number => {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  };
  return {
    dir,
    free,
    fill(leaveBytes = 0) {
      const fd = openSync(filler, 'a');
      try {
        const chunk = Buffer.alloc(64 * 1024, 0x5a);
        for (let room = free() - leaveBytes; room > 0; room = free() - leaveBytes) {
          try {
            writeSync(fd, chunk, 0, Math.min(chunk.length, room));
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOSPC') return;
            throw error;
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    unfill() {
      try {
        unlinkSync(filler);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
  };
}

/** Unmounts every small disk this process mounted (lazily when still busy) and removes the mount points. */
export function unmountSmallDisks(): void {
  const problems: string[] = [];
  for (const dir of mounted.splice(0)) {
    try {
      run('umount', [dir]);
    } catch {
      try {
        run('umount', ['-l', dir]);
      } catch (error) {
        problems.push(`${dir}: ${(error as Error).message}`);
        continue;
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }
  if (problems.length > 0) throw new Error(`could not unmount: ${problems.join('; ')}`);
}
