/**
 * Switching registry loads the page again: the page's Content Security Policy, sent with
 * it, names the one registry (local or remote) it may connect to, and a fresh start reads
 * the new settings as a restart would.
 */
export async function switchRegistry(keep: () => Promise<boolean>): Promise<void> {
  if (await keep()) window.location.reload();
}
