/**
 * The store's dependencies in a browser or the desktop app: the page's own registry (or the
 * remote one the settings name) for REST and gateway, the host contract over the desktop bridge or `/_host`, the real clock and timers, and snowflake-shaped nonces.
 */
import type { ClientDeps } from '../store/deps.js';
import { authorizeHttp } from './authorize-http.js';
import { browserHost } from './browser-host.js';
import { desktopBridge, desktopHost } from './desktop-host.js';
import { gatewaySocket } from './gateway-socket.js';
import { httpRest } from './http-rest.js';
import { storageJournal } from './inspector-journal.js';

/** The service's epoch (2015-01-01), which snowflakes count from. */
const EPOCH = 1420070400000n;

/** A nonce the way the real client makes one: a snowflake of now (19 digits at most). */
export function nonceMaker(now: () => number): () => string {
  let counter = 0n;
  return () => {
    counter = (counter + 1n) % 4096n;
    return String(((BigInt(now()) - EPOCH) << 22n) | counter);
  };
}

export function browserDeps(baseUrl: string = window.location.origin): ClientDeps {
  // In the desktop app the preload's bridge carries the host contract; in a browser, `/_host`.
  const bridge = desktopBridge();
  // The host is always the local registry; REST and the gateway follow the settings (a remote one).
  let registry = baseUrl;
  const gateway = gatewaySocket(() => registry);
  return {
    host: bridge ? desktopHost(bridge) : browserHost(baseUrl),
    rest: httpRest(() => registry),
    connectGateway: gateway,
    authorize: authorizeHttp(() => registry),
    followRedirect: (url) => {
      window.open(url, '_blank', 'noopener,noreferrer');
    },
    useRegistry: (origin) => {
      registry = origin ?? baseUrl;
      // The session that follows needs it: asked while the person's token is minted.
      gateway.discoverAhead();
    },
    now: () => Date.now(),
    inspectorJournal: storageJournal(window.sessionStorage),
    schedule: (run, ms) => {
      const timer = window.setTimeout(run, ms);
      return () => window.clearTimeout(timer);
    },
    nonce: nonceMaker(() => Date.now()),
  };
}
