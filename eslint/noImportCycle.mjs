// `local/no-import-cycle`: no file imports a file that imports it back, directly or through others.
//
// A local rule rather than import-x's `no-cycle`, because that rule skips type-only imports (`import type`,
// `import { type X }`), and the layering work found both of the tree's cycles through exactly those. Here every
// import counts: static, type-only, re-exports, `import('…')` types and dynamic `import()` (a lazy import
// still ties the two modules' layers together).
//
// Only relative imports between the project's own files are followed. The file being linted is read from
// its AST (an editor's unsaved text, or a test's `lintText`); every other file from disk, its imports listed
// by TypeScript's `preProcessFile` (a scanner, no type checking) and kept until the file changes.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx'];
const CANDIDATES = ['', ...EXTENSIONS, ...EXTENSIONS.map((e) => `/index${e}`)];

/** The project file a relative specifier names, or null (a package, a file we do not read, or none). */
function resolveRelative(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const suffix of CANDIDATES) {
    const candidate = base + suffix;
    if (EXTENSIONS.includes(path.extname(candidate)) && isFile(candidate)) return candidate;
  }
  return null;
}

function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** file -> { mtimeMs, size, imports: resolved files }: a file's imports are read again only when it changes. */
const diskImports = new Map();

function importsOnDisk(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return [];
  }
  const known = diskImports.get(file);
  if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.imports;
  const text = fs.readFileSync(file, 'utf8');
  const imports = [];
  for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
    const target = resolveRelative(file, fileName);
    if (target !== null && !imports.includes(target)) imports.push(target);
  }
  diskImports.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, imports });
  return imports;
}

/**
 * The shortest chain of imports from `start` back to `file`, or null. Files already known not to lead
 * back (`deadEnds`, shared between the imports of one linted file) are not walked again.
 */
function chainBack(start, file, deadEnds) {
  const parent = new Map([[start, null]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i += 1) {
    const current = queue[i];
    for (const next of importsOnDisk(current)) {
      if (next === file) {
        const chain = [current];
        for (let p = parent.get(current); p !== null && p !== undefined; p = parent.get(p)) chain.unshift(p);
        return chain;
      }
      if (parent.has(next) || deadEnds.has(next)) continue;
      parent.set(next, current);
      queue.push(next);
    }
  }
  for (const visited of parent.keys()) deadEnds.add(visited);
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between the project\'s files, type-only imports included.' },
    schema: [],
    messages: {
      cycle:
        'Import cycle: {{chain}}. Type-only imports count too: move what both need into a lower module (eslint/layers.mjs orders the folders).',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    const root = context.cwd;
    const name = (f) => path.relative(root, f).split(path.sep).join('/');
    const deadEnds = new Set();
    const reported = new Set();

    function check(node, source) {
      if (source == null || typeof source.value !== 'string') return;
      const target = resolveRelative(file, source.value);
      if (target === null || target === file || reported.has(target)) return;
      const chain = chainBack(target, file, deadEnds);
      if (chain === null) return;
      reported.add(target);
      context.report({ node, messageId: 'cycle', data: { chain: [file, ...chain, file].map(name).join(' -> ') } });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
      TSImportType: (node) => check(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.source),
      TSExternalModuleReference: (node) => check(node, node.expression),
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
