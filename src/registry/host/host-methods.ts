/**
 * The host contract's methods, answered from the local registry's world and the client's
 * settings (`settings-methods.ts`). One implementation for both transports: the `/_host/*`
 * routes in browser mode and the desktop app's IPC handlers. Input is parsed by the
 * transport; errors come back as data.
 */
import type { HostInput, HostOutput, HostResult, HostUser } from '../../shared/host-contract.js';
import type { UserRecord } from '../store/records.js';
import { generateToken } from '../store/secrets.js';
import type { Store } from '../store/store.js';
import { authorizeMethods, type AuthorizationHost, type AuthorizeMethods } from './authorize-methods.js';
import type { SettingsKeeper } from './settings-file.js';
import { settingsMethods, type SettingsMethods } from './settings-methods.js';

export interface HostMethods extends SettingsMethods, AuthorizeMethods {
  listUsers(input: HostInput<'listUsers'>): Promise<HostResult<HostOutput<'listUsers'>>>;
  openSession(input: HostInput<'openSession'>): Promise<HostResult<HostOutput<'openSession'>>>;
}

function hostUser(user: UserRecord): HostUser {
  return { id: user.id, username: user.username, global_name: user.global_name, locale: user.locale };
}

export function hostMethods(store: Store, now: () => number, settings: SettingsKeeper, authorization: AuthorizationHost): HostMethods {
  return {
    ...settingsMethods(settings),
    ...authorizeMethods(authorization),
    listUsers: async () => ({ ok: true as const, value: { users: (await store.world.users()).filter((user) => !user.bot).map(hostUser) } }),
    openSession: async ({ user_id: userId }) => {
      const user = await store.world.user(userId);
      if (!user || user.bot) return { ok: false, error: { code: 'unknown-user', message: `No person of the world has the id ${userId}.` } };
      // The registry keeps only digests, so a stored token can never be handed out again: mint one.
      const token = generateToken(user.id);
      await store.sessions.put(token, user.id, now());
      return { ok: true, value: { token, user: hostUser(user) } };
    },
  };
}
