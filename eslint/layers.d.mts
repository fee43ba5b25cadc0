// Types of layers.mjs, for the tests that read the tables (test/lint/layers.test.ts).
export interface Layer {
  readonly name: string;
  /** Paths under the table's root: a folder (`cache`), a deeper folder (`app/host`) or a file (`index.ts`). */
  readonly folders: readonly string[];
}
export interface SeparateFolder {
  readonly folder: string;
  readonly mayImport: readonly string[];
  readonly importedDownTo: string;
}
export interface ApartFolders {
  readonly folders: readonly string[];
  readonly allowed: readonly { readonly from: string; readonly to: readonly string[] }[];
  readonly instead: string;
}
export declare const mainLayers: readonly Layer[];
export declare const mainSeparate: readonly SeparateFolder[];
export declare const mainApart: ApartFolders;
export declare const cacheInternals: readonly string[];
export declare const rendererLayers: readonly Layer[];
