/**
 * Where the client's settings are kept: `settings.json` in the registry's data directory
 * (the desktop app's userData, or `--data`), so they survive restarts of the registry and
 * reloads of the page, and the page itself keeps no token. The file may hold a remote
 * registry's tokens: it is written whole to a temporary file readable by this user only
 * (0600) and renamed over the old one, so a crash mid-write leaves the old file or the new,
 * never half of one. A damaged file never stops the registry: what can be read is kept,
 * the rest falls back to the defaults, and the warning says which.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { clientSettingsSchema, DEFAULT_SETTINGS, SETTINGS_FIELDS, type ClientSettings } from '../../shared/client-settings.js';

export const SETTINGS_FILE_NAME = 'settings.json';

/** The settings as read, and why some were not (null when the file was whole or absent). */
export interface SettingsRead {
  settings: ClientSettings;
  warning: string | null;
}

/** Keeps the client's settings: on disk (`settingsFile`), or in memory for registries without a data directory. */
export interface SettingsKeeper {
  read(): SettingsRead;
  write(settings: ClientSettings): void;
}

type Field = keyof typeof SETTINGS_FIELDS;

/**
 * Settings from a parsed file, field by field: a field that does not fit keeps its default
 * and is named in `problems`; unknown fields (a newer version's) are ignored.
 */
export function settingsFromJson(json: unknown): { settings: ClientSettings; problems: string[] } {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { settings: DEFAULT_SETTINGS, problems: ['the file does not hold a JSON object'] };
  }
  const raw = json as Record<string, unknown>;
  const problems: string[] = [];
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const field of Object.keys(SETTINGS_FIELDS) as Field[]) {
    if (!(field in raw)) continue;
    const parsed = SETTINGS_FIELDS[field].safeParse(raw[field]);
    if (parsed.success) settings[field] = parsed.data;
    else problems.push(`${field}: ${parsed.error.issues.map((issue) => [...issue.path, issue.message].join(': ')).join('; ')}`);
  }
  const whole = clientSettingsSchema.safeParse(settings);
  if (whole.success) return { settings: whole.data, problems };
  // The one rule across fields: a remote registry that is not there cannot be the one in use.
  problems.push('registry: remote, but no usable remote registry is kept');
  return { settings: { ...(settings as ClientSettings), registry: 'local' }, problems };
}

/** The settings kept in `path`; `warn` hears about a damaged file (the registry's stderr by default). */
export function settingsFile(path: string, warn: (message: string) => void = (message) => console.warn(message)): SettingsKeeper {
  return {
    read() {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { settings: DEFAULT_SETTINGS, warning: null };
        return damaged(`could not be read (${(error as Error).message})`);
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        return damaged(`is not JSON (${(error as Error).message})`);
      }
      const { settings, problems } = settingsFromJson(json);
      if (problems.length === 0) return { settings, warning: null };
      const warning = `${path}: ${problems.join('; ')}; the defaults stand in for those.`;
      warn(`slashbench: settings ${warning}`);
      return { settings, warning };
    },
    write(settings) {
      const text = `${JSON.stringify(clientSettingsSchema.parse(settings), null, 2)}\n`;
      const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        writeFileSync(temporary, text, { mode: 0o600, flush: true });
        renameSync(temporary, path);
      } catch (error) {
        rmSync(temporary, { force: true });
        throw error;
      }
    },
  };

  function damaged(reason: string): SettingsRead {
    const warning = `${path} ${reason}; using the default settings.`;
    warn(`slashbench: settings ${warning}`);
    return { settings: DEFAULT_SETTINGS, warning };
  }
}

/** Settings that last as long as the process: for registries with no data directory (tests, in-memory stores). */
export function memorySettings(): SettingsKeeper {
  let kept = DEFAULT_SETTINGS;
  return {
    read: () => ({ settings: kept, warning: null }),
    write(settings) {
      kept = clientSettingsSchema.parse(settings);
    },
  };
}
