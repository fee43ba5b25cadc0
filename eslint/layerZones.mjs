// Turns the layer tables of eslint/layers.mjs into zones of import-x's `no-restricted-paths` rule: for each
// layer, one zone per folder of a higher layer it must not import; for a separate folder, one zone per
// folder it must not import and one per layer below the lowest one allowed to import it; for the cache's
// internal modules, one zone naming them as forbidden to every folder outside the cache.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const LAYERS_FILE = 'eslint/layers.mjs';

/** A folder (or a file, `index.ts`) as a path that the rule matches with everything under it. */
const under = (root, folder) => path.posix.join(root, folder);

/**
 * The files of a folder of the table, without its subfolders that are layers of their own (`app` without
 * `app/host`): globs, since the rule cannot exclude a subfolder from a plain path.
 */
function targetsOf(root, folder, allFolders) {
  const own = allFolders.filter((f) => f.startsWith(`${folder}/`)).map((f) => f.slice(folder.length + 1));
  if (own.length === 0) return [under(root, folder)];
  return [`${under(root, folder)}/*`, `${under(root, folder)}/!(${own.join('|')})/**`];
}

/** Zones for a table: `layers` top to bottom, `separate` outside the order. */
export function layerZones(root, layers, separate = []) {
  const allFolders = [...layers.flatMap((l) => l.folders), ...separate.map((s) => s.folder)];
  const zones = [];
  layers.forEach((layer, index) => {
    const target = layer.folders.flatMap((f) => targetsOf(root, f, allFolders));
    for (const higher of layers.slice(0, index)) {
      for (const folder of higher.folders) {
        zones.push({
          target,
          from: under(root, folder),
          message: `${root}/${folder} is in the layer "${higher.name}", above "${layer.name}": a lower layer never imports a higher one (${LAYERS_FILE}). Move the code it needs down, or the caller up.`,
        });
      }
    }
  });
  for (const s of separate) {
    const forbidden = allFolders.filter((f) => f !== s.folder && !s.mayImport.includes(f) && !f.startsWith(`${s.folder}/`));
    for (const folder of forbidden) {
      zones.push({
        target: under(root, s.folder),
        from: under(root, folder),
        message: `${root}/${s.folder} is a separate server: it imports only ${s.mayImport.join(', ')} and its own files (${LAYERS_FILE}).`,
      });
    }
    const lowest = layers.findIndex((l) => l.name === s.importedDownTo || l.folders.includes(s.importedDownTo));
    if (lowest < 0) throw new Error(`${LAYERS_FILE}: ${s.folder}.importedDownTo names no layer: ${s.importedDownTo}`);
    for (const layer of layers.slice(lowest + 1)) {
      zones.push({
        target: layer.folders.flatMap((f) => targetsOf(root, f, allFolders)),
        from: under(root, s.folder),
        message: `${root}/${s.folder} is a separate server that only the layers down to "${layers[lowest].name}" start (${LAYERS_FILE}).`,
      });
    }
  }
  return zones;
}

/**
 * Zones that keep the folders of `apart` from importing one another, except its `allowed` imports; an import the
 * layer order already forbids (a lower folder importing a higher one) gets no second zone, so it is told once.
 */
export function apartZones(root, layers, separate, apart) {
  const allFolders = [...layers.flatMap((l) => l.folders), ...separate.map((s) => s.folder)];
  const layerOf = (folder) => layers.findIndex((l) => l.folders.includes(folder));
  for (const f of apart.folders) if (layerOf(f) < 0) throw new Error(`${LAYERS_FILE}: mainApart names a folder no layer has: ${f}`);
  const allowed = (from, to) => apart.allowed.some((a) => a.from === from && a.to.includes(to));
  const zones = [];
  for (const from of apart.folders) {
    for (const to of apart.folders) {
      if (from === to || allowed(from, to) || layerOf(to) < layerOf(from)) continue;
      // A subfolder that is a folder of its own (app/host in app) is judged by its own pair, not its parent's.
      const except = allFolders.filter((f) => f.startsWith(`${to}/`)).map((f) => f.slice(to.length + 1));
      zones.push({
        target: targetsOf(root, from, allFolders),
        from: under(root, to),
        ...(except.length > 0 ? { except } : {}),
        message: `${root}/${from} and ${root}/${to} are entry points that do not lean on one another (${LAYERS_FILE}, mainApart): move what both need below them (${apart.instead}).`,
      });
    }
  }
  return zones;
}

/** The zone that keeps a folder's internal modules to that folder. */
export function internalZone(root, layers, separate, folder, internals, readme) {
  const outside = [...layers.flatMap((l) => l.folders), ...separate.map((s) => s.folder)].filter((f) => f !== folder);
  const allFolders = [...layers.flatMap((l) => l.folders), ...separate.map((s) => s.folder)];
  return {
    target: outside.flatMap((f) => targetsOf(root, f, allFolders)),
    from: internals.map((file) => under(root, `${folder}/${file}`)),
    message: `It is internal to ${root}/${folder} (${readme}): use a public module of ${root}/${folder} instead.`,
  };
}

/** The subfolders of `root/folder` (one a view), as they are on disk under `base`. */
export function subfolders(base, root, folder) {
  return readdirSync(path.join(base, root, folder), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/**
 * Zones that keep the subfolders of `apart.folder` (the views) from importing one another's files, except the
 * files `apart.allowed` names for one pair.
 */
export function siblingZones(base, root, apart) {
  const names = subfolders(base, root, apart.folder);
  const zones = [];
  for (const from of names) {
    for (const to of names) {
      if (from === to) continue;
      const except = apart.allowed.filter((a) => a.from === from && a.to === to).flatMap((a) => a.files);
      zones.push({
        target: under(root, `${apart.folder}/${from}`),
        from: under(root, `${apart.folder}/${to}`),
        ...(except.length > 0 ? { except } : {}),
        message: `${root}/${apart.folder}/${from} does not reach into ${root}/${apart.folder}/${to} (${LAYERS_FILE}, rendererViewsApart): move what both need below the views (${apart.instead}).`,
      });
    }
  }
  return zones;
}
