/**
 * The settings file on a real disk: absent means the defaults; a damaged file never stops
 * anything (not JSON, not an object, fields that do not fit, a remote registry that is not
 * there) and says what it set aside; unknown fields are ignored; writes are whole files
 * readable by their owner only (0600), renamed into place, with no temporary file left.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type ClientSettings } from '../../src/shared/client-settings.js';
import { SETTINGS_FILE_NAME, settingsFile, type SettingsKeeper } from '../../src/registry/host/settings-file.js';

const REMOTE: ClientSettings = {
  registry: 'remote',
  remote: { url: 'http://192.168.1.20:8484', tokens: ['token-one', 'token-two'], acting_user_id: '1184502661266817025' },
  acting_user_id: '1184502661266817026',
  locale: 'fr',
  theme: 'light',
  activity_platform: 'mobile',
};

let directory: string;
let path: string;
let warnings: string[];
let keeper: SettingsKeeper;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'slashbench-settings-'));
  path = join(directory, SETTINGS_FILE_NAME);
  warnings = [];
  keeper = settingsFile(path, (message) => warnings.push(message));
});

afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

const put = (text: string) => writeFileSync(path, text);

describe('reading settings.json', () => {
  it('gives the defaults, with no warning, when there is no file yet', () => {
    expect(keeper.read()).toEqual({ settings: DEFAULT_SETTINGS, warning: null });
    expect(warnings).toEqual([]);
  });

  it('reads back what was written, and a second keeper of the same file does too (a restart)', () => {
    keeper.write(REMOTE);
    expect(keeper.read()).toEqual({ settings: REMOTE, warning: null });
    expect(settingsFile(path, (message) => warnings.push(message)).read().settings).toEqual(REMOTE);
    expect(warnings).toEqual([]);
  });

  it('falls back to the defaults, with a warning, for a file that is not JSON or not an object', () => {
    put('{"theme": "light",');
    const broken = keeper.read();
    expect(broken.settings).toEqual(DEFAULT_SETTINGS);
    expect(broken.warning).toContain('is not JSON');
    expect(broken.warning).toContain(path);
    put('["light"]');
    expect(keeper.read()).toEqual({ settings: DEFAULT_SETTINGS, warning: expect.stringContaining('does not hold a JSON object') });
    expect(warnings).toHaveLength(2);
  });

  it('keeps the fields that fit and names the ones that do not', () => {
    put(JSON.stringify({ theme: 'purple', locale: 'de', acting_user_id: 'alice', registry: 'local', remote: null }));
    const read = keeper.read();
    expect(read.settings).toEqual({ ...DEFAULT_SETTINGS, locale: 'de' });
    expect(read.warning).toMatch(/acting_user_id: must be a snowflake/);
    expect(read.warning).toMatch(/theme: .*"dark"/);
    expect(read.warning).not.toContain('locale');
  });

  it('uses the local registry when the file says remote but its remote registry is unusable', () => {
    put(JSON.stringify({ ...REMOTE, remote: { url: 'http://host:1/with/path', tokens: ['t'], acting_user_id: null } }));
    const read = keeper.read();
    expect(read.settings).toEqual({ ...REMOTE, registry: 'local', remote: null });
    expect(read.warning).toContain('remote');
    put(JSON.stringify({ ...REMOTE, remote: { ...REMOTE.remote, tokens: ['has space'] } }));
    expect(keeper.read().settings.registry).toBe('local');
  });

  it('ignores fields it does not know (a newer version\'s), without a warning', () => {
    put(JSON.stringify({ ...REMOTE, font_size: 16, experiments: { compact: true } }));
    expect(keeper.read()).toEqual({ settings: REMOTE, warning: null });
    expect(warnings).toEqual([]);
  });

  it('warns rather than fails when the file cannot be read', () => {
    // A directory where the file should be: unreadable as a file even for root.
    mkdirSync(path);
    const read = keeper.read();
    expect(read.settings).toEqual(DEFAULT_SETTINGS);
    expect(read.warning).toContain('could not be read');
  });
});

describe('writing settings.json', () => {
  it('writes the whole settings, readable and writable by the owner only', () => {
    keeper.write(REMOTE);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(REMOTE);
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('replaces the file by a rename: a file that was readable by others becomes 0600, and no temporary file stays', () => {
    put('{}');
    chmodSync(path, 0o644);
    keeper.write(REMOTE);
    keeper.write({ ...REMOTE, theme: 'dark' });
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(directory)).toEqual([SETTINGS_FILE_NAME]);
    expect(keeper.read().settings.theme).toBe('dark');
  });

  it('refuses settings off the schema, and leaves the file as it was', () => {
    keeper.write(REMOTE);
    expect(() => keeper.write({ ...REMOTE, theme: 'neon' } as unknown as ClientSettings)).toThrow();
    expect(keeper.read().settings).toEqual(REMOTE);
  });

  it('throws when the directory is gone, leaving nothing behind', () => {
    rmSync(directory, { recursive: true, force: true });
    expect(() => keeper.write(REMOTE)).toThrow(/ENOENT/);
  });
});
