/** Replaced at build time by electron.vite.config.ts (`define`) with the version from package.json. */
declare const __APP_VERSION__: string;
