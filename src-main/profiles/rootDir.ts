import path from 'node:path';

/**
 * The root data directory: `TENDERWB_DATA_DIR` when set (a relative value is taken from the current
 * directory), else the platform's place for application data:
 * - Linux and other Unix: `$XDG_DATA_HOME/tender-workbench` (only an absolute XDG_DATA_HOME counts, as the
 *   XDG spec says), else `~/.local/share/tender-workbench`;
 * - macOS: `~/Library/Application Support/Tender Workbench`;
 * - Windows: `%APPDATA%\Tender Workbench`, else `<home>\AppData\Roaming\Tender Workbench`.
 *
 * A module of its own, with no schema: every `tenderwb` start reads the language from this folder.
 */
export function resolveRootDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, homedir: string): string {
  const p = platform === 'win32' ? path.win32 : path.posix;
  const override = env.TENDERWB_DATA_DIR;
  if (override !== undefined && override.trim() !== '') return p.resolve(override.trim());
  switch (platform) {
    case 'win32': {
      const appData = env.APPDATA;
      const base = appData !== undefined && p.isAbsolute(appData) ? appData : p.join(homedir, 'AppData', 'Roaming');
      return p.join(base, 'Tender Workbench');
    }
    case 'darwin':
      return p.join(homedir, 'Library', 'Application Support', 'Tender Workbench');
    default: {
      const xdg = env.XDG_DATA_HOME;
      const base = xdg !== undefined && p.isAbsolute(xdg) ? xdg : p.join(homedir, '.local', 'share');
      return p.join(base, 'tender-workbench');
    }
  }
}
