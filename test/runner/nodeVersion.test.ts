/**
 * The runtime we test is the runtime we ship: Electron 45 embeds Node 24, so the suite runs on Node 24
 * LTS, the one scripts/toolchain/node24.sh installs for .ci/run, and a wrong Node is refused at install.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const packageJson = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const pinned = /^version=(\S+)$/m.exec(readFileSync(resolve(root, 'scripts/toolchain/node24.sh'), 'utf8'))?.[1];

describe('the Node the suite runs on', () => {
  it('is Node 24, the major inside Electron 45', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
  });

  it('is admitted by package.json engines, as the pinned toolchain build is, and an older Node is not', () => {
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    expect(semver.satisfies(pinned!, packageJson.engines.node)).toBe(true);
    expect(semver.satisfies(process.versions.node, packageJson.engines.node)).toBe(true);
    expect(semver.satisfies('20.20.2', packageJson.engines.node)).toBe(false);
    expect(semver.satisfies('22.12.0', packageJson.engines.node)).toBe(false);
  });

  it('an install under another Node is refused (engine-strict), not left to fail at the first start', () => {
    expect(readFileSync(resolve(root, '.npmrc'), 'utf8')).toMatch(/^engine-strict=true$/m);
  });
});
