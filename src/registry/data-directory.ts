/**
 * The default data directory: the same folder Electron names `userData` for the desktop
 * app, so `npm run serve` and the desktop app share one registry state.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

export function defaultDataDirectory(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Slashbench');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Slashbench');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Slashbench');
}
