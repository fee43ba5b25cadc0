// A tracker number in a comment, a test title or a document («(issue N)», «Issue N, crash safety:») tells a
// reader nothing they can open: the code and the docs say the reason instead. This keeps such numbers from
// creeping back. A decision id (D-AUTH-1) is ours and defined in docs/api-decisions.md, and an upstream project's
// bug is cited by an address one can open (WiseLibs/better-sqlite3#1507, …/issues/1507): neither is matched.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');

/** The folders whose text is checked, and the documents at the top of the repository. */
const FOLDERS = ['src-main', 'src-renderer', 'src-preload', 'test', 'bench', 'scripts', 'eslint', 'docs'];
const TOP_FILES = ['README.md', 'DEVELOPING.md', 'BENCHMARKS.md', 'vitest.config.ts', 'electron.vite.config.ts', 'playwright.config.ts', 'eslint.config.js'];
const TEXT = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|md|css|html|json|ya?ml|sh)$/;
const SKIP = new Set(['node_modules', 'out', 'test-results', 'playwright-report']);

/** «issue N», «Issues N, M», «issue #N», «IssueN», in any case; not «issues/N» (an address) or «owner/repo#N». */
const TRACKER_NUMBER = /\bissues?[ \t]?#?\d+/gi;

/** Each `path:line: text` of `text` that cites a tracker number. */
function trackerNumbers(path: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => (line.match(TRACKER_NUMBER) ? [`${path}:${i + 1}: ${line.trim()}`] : []));
}

function files(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    if (e.name.startsWith('.') || SKIP.has(e.name)) return [];
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    return TEXT.test(e.name) ? [path] : [];
  });
}

describe('no tracker numbers in code, tests and docs (say the reason instead)', () => {
  it('finds «issue N» in every spelling a comment or a title has used, and not an upstream address or a decision id', () => {
    // Built from parts so that this file does not cite a number itself.
    const cites = (n: string): string => `${n} 17`;
    const probe = [
      `// a lean cache (${cites('issue')})`,
      ` * ${cites('Issue')}, crash safety: a kill -9 loses nothing`,
      `describe('a 404 names what was not found (${cites('issues')}, 28)', () => {`,
      `| goal (${'issue'} #3) |`,
      `// see ${'Issue'}12 for the list order`,
      '// better-sqlite3 bug WiseLibs/better-sqlite3#1507, https://github.com/WiseLibs/better-sqlite3/issues/1507',
      '// D-ACC-1: the same account across generations; an issue of the reference, not ours',
    ].join('\n');
    expect(trackerNumbers('probe.ts', probe).map((hit) => hit.split(':')[1])).toEqual(['1', '2', '3', '4', '5']);
  });

  it('src-main, src-renderer, src-preload, test, bench, scripts, eslint, docs and the top-level documents cite none', () => {
    const paths = [...FOLDERS.flatMap((dir) => files(dir)), ...TOP_FILES];
    expect(paths.length).toBeGreaterThan(500);
    const hits = paths.flatMap((path) => trackerNumbers(relative(root, join(root, path)), readFileSync(join(root, path), 'utf8')));
    expect(hits).toEqual([]);
  });
});
