/**
 * The host contract's settings methods: the client's settings as the keeper has them, and
 * replacing them. A write the disk refuses comes back as `unavailable`, never as a throw.
 */
import type { HostInput, HostOutput, HostResult } from '../../shared/host-contract.js';
import type { SettingsKeeper } from './settings-file.js';

export interface SettingsMethods {
  readSettings(input: HostInput<'readSettings'>): HostResult<HostOutput<'readSettings'>>;
  writeSettings(input: HostInput<'writeSettings'>): HostResult<HostOutput<'writeSettings'>>;
}

export function settingsMethods(keeper: SettingsKeeper): SettingsMethods {
  return {
    readSettings: () => ({ ok: true, value: keeper.read() }),
    writeSettings: ({ settings }) => {
      try {
        keeper.write(settings);
      } catch (error) {
        return { ok: false, error: { code: 'unavailable', message: `The settings could not be saved (${(error as Error).message}).` } };
      }
      return { ok: true, value: { settings } };
    },
  };
}
