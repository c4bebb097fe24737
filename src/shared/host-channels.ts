/**
 * The host contract's method names and their IPC channels, with no dependencies: the
 * desktop app's sandboxed preload may load nothing but Electron, so it builds its bridge
 * from this list alone. `host-contract.ts` gives each method its schemas.
 */
export const HOST_METHODS = [
  'listUsers', 'openSession', 'readSettings', 'writeSettings', 'createAuthorization', 'buildAuthorizeUrl', 'awaitRedirect',
] as const;

export type HostMethod = (typeof HOST_METHODS)[number];

/** The IPC channel of a method in the desktop app (`slashbench:host:listUsers`). */
export function hostChannel(method: HostMethod): string {
  return `slashbench:host:${method}`;
}
