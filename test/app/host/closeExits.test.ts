/**
 * No dangling worker: a process that starts the core host, uses it and closes it ends by itself
 * (no process.exit anywhere), so nothing of the host keeps the event loop alive.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('core host: close', () => {
  it('leaves nothing running: the process exits on its own after close()', () => {
    const script = join(import.meta.dirname, 'hostThenExit.ts');
    const result = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 20_000 });
    expect(result.signal, `stderr: ${result.stderr}`).toBeNull();
    expect(result.status, `stderr: ${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/^answered ok in thread \d+\nclosed\n$/);
  });
});
