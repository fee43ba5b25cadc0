/**
 * The name of a profile's cache file in its data folder. A module of its own: the CLI asks whether a built-in
 * profile's cache exists for `tenderwb profile list`, which must not load SQLite to learn a name.
 */
export const CACHE_FILE = 'cache.db';
