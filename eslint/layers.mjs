// The layer tables of src-main and src-renderer, as data: eslint.config.js turns them into import rules
// (eslint/layerZones.mjs), and test/lint/layers.test.ts checks the rules catch a wrong-way import.
// docs/ARCHITECTURE.md draws them: after a change, `node eslint/layersDiagram.mjs` redraws the picture
// (test/lint/architecture.test.ts fails while it is stale).
//
// Each table lists its layers from the top (entry points) to the bottom (pure modules). A file may import
// anything in its own folder, in another folder of its own layer, or in any layer below; never a layer above.
// VS Code's `code-layering` lint rule works the same way. A folder is named by its path under the root; a
// deeper path (`app/host`) is a layer of its own and is left out of its parent's (`app`).
//
// Where the folders sit was decided from the real imports (who imports whom), not only by name:
// - threads/ (which file a worker thread runs) is imported by the core's host and by the export's pack
//   thread and imports nothing of ours: it is thread plumbing below the features, beside loopback/ (the
//   loopback guard, shared by browser mode and the sandbox), not an entry point.
// - The sandbox is a server of its own (see `separate`): it imports only the pure layers and the loopback
//   guard, and only the entry points, the app and the built-in sandbox profile (workspace/sandboxProfile.ts)
//   start it.
// - workspace/ is what both front doors stand on: the data folder's settings, the built-in profiles and the
//   notes of damaged caches, and the wording of any failure. The app and the CLI each import it, never each
//   other (see `mainApart`).

/** src-main, top to bottom. */
export const mainLayers = [
  { name: 'entry points', folders: ['index.ts', 'shell', 'cli', 'web', 'app/host'] },
  { name: 'app', folders: ['app'] },
  { name: 'workspace', folders: ['workspace'] },
  { name: 'workbenches', folders: ['current', 'earlier', 'sync', 'export', 'cards', 'audit', 'insights', 'marks', 'triage', 'calendar', 'notifications', 'team', 'documents'] },
  { name: 'stores and clients', folders: ['cache', 'teamdb', 'api', 'vault', 'profiles', 'loopback', 'threads', 'docfiles'] },
  { name: 'pure', folders: ['domain', 'contract', 'i18n'] },
];

/**
 * No entry point leans on another: these folders import none of each other, even where the layer order alone
 * would let them (the CLI once imported the app's settings and error wording), except the imports `allowed`
 * names: the desktop shell (index.ts) and browser mode (web) start the app's core through its host, and the host
 * runs the app. What two of them need belongs in a layer below them all (workspace/ for the app and the CLI).
 */
export const mainApart = {
  folders: ['index.ts', 'shell', 'cli', 'web', 'app/host', 'app'],
  allowed: [
    { from: 'index.ts', to: ['shell', 'app/host'] },
    { from: 'web', to: ['app/host'] },
    { from: 'app/host', to: ['app'] },
  ],
  instead: 'src-main/workspace holds what the app and the CLI share',
};

/**
 * Folders outside the order: what each may import besides itself, and the lowest layer allowed to import it
 * (that layer and every layer above it may).
 */
export const mainSeparate = [
  { folder: 'sandbox', mayImport: ['domain', 'contract', 'i18n', 'loopback'], importedDownTo: 'workspace' },
];

/**
 * The cache's internal modules (src-main/cache/README.md): only the cache itself imports them; the rest of the
 * core goes through the cache's public modules. Tests and benchmarks may reach them (they are not src-main).
 */
export const cacheInternals = [
  'deliveryWriter.ts',
  'tenderIndex.ts',
  'packCodec.ts',
  'packDictionary.ts',
  'writeUpkeep.ts',
  'walCheckpointer.ts',
  'insightUpkeep.ts',
  'partyIndexQueue.ts',
  'supplierLines.ts',
  'labelRefs.ts',
  'tenderRowCodes.ts',
  'viewDates.ts',
  'externalIdQueue.ts',
];

/**
 * src-renderer, top to bottom (shared state in its own folder below the views). What it may import
 * of src-main (contract, domain, i18n) is a separate rule in eslint.config.js.
 */
export const rendererLayers = [
  { name: 'entry and frame', folders: ['main.tsx', 'app'] },
  { name: 'views', folders: ['views'] },
  { name: 'components', folders: ['components'] },
  { name: 'state', folders: ['state'] },
  { name: 'bridge, formats, strings', folders: ['bridge', 'format', 'i18n'] },
];

/**
 * The renderer's views do not reach into one another: a file of `views/<a>/` imports no file of `views/<b>/`
 * (every subfolder of `folder`, found on disk, so a new view is covered), except the `allowed` files. What two
 * views share (a component, a pure rule, a read) lives below them: components/, state/, or src-main's pure
 * layers. The one door left open: the saved searches view opens a saved search in the query builder through
 * the search view's store and its criteriaToForm (the builder's form is the search view's own state).
 */
export const rendererViewsApart = {
  folder: 'views',
  allowed: [{ from: 'saved', to: 'search', files: ['searchStore.ts', 'queryBuilder.ts'] }],
  instead: 'src-renderer/components and src-renderer/state hold what views share',
};
