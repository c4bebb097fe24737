/**
 * The desktop app's deep links, as plain functions with no Electron import so a test reads
 * them: the custom scheme the app registers with the system (`slashbench`, as
 * electron-builder.yml's `protocols`), and where a link arrives. macOS hands it to the
 * running app (`open-url`); Windows and Linux start a second instance with the link among
 * its arguments, which the first instance receives (`second-instance`) or, when the app
 * was not running, finds in its own `process.argv`.
 *
 * An authorize redirect such as `slashbench:/authorize/callback?code=...&state=...` goes to
 * the host's redirect inbox, where the client's Authorize flow picks it up and checks it.
 */

/** The scheme the app registers; the SDK's custom-scheme redirect is `<scheme>:/authorize/callback`. */
export const DEEP_LINK_SCHEME = 'slashbench';

/** Whether `url` is a link of the app's own scheme (and nothing else: no other scheme, no malformed text). */
export function isDeepLink(url: string): boolean {
  try {
    return new URL(url).protocol === `${DEEP_LINK_SCHEME}:`;
  } catch {
    return false;
  }
}

/** The deep link among a process's arguments (the last one, as a re-launch appends it), if any. */
export function deepLinkIn(argv: readonly string[]): string | undefined {
  return [...argv].reverse().find(isDeepLink);
}
