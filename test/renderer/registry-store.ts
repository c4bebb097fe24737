/**
 * The client's store with real dependencies against a registry on a real port, acting as
 * one person (a session the host contract mints), for store tests that need the registry's
 * own answers (the Authorize flow, an Activity's consent): no fakes, only the page's DOM is
 * missing. `until` waits on the store's changes, never on a timer.
 */
import { authorizeHttp } from '../../src/renderer/api/authorize-http.js';
import { browserHost } from '../../src/renderer/api/browser-host.js';
import { httpRest } from '../../src/renderer/api/http-rest.js';
import type { AppState } from '../../src/renderer/store/app-state.js';
import { createAppStore, type AppStore } from '../../src/renderer/store/create-app-store.js';

/** The store acting as `userId` against the registry at `registryUrl`. */
export async function registryStore(registryUrl: string, userId: string): Promise<AppStore> {
  const host = browserHost(registryUrl);
  const store = createAppStore({
    host,
    rest: httpRest(() => registryUrl),
    connectGateway: () => ({ close: () => undefined }),
    authorize: authorizeHttp(() => registryUrl),
    // The browser following the redirect: it lands on the registry's loopback route.
    followRedirect: (url) => void fetch(url).catch(() => undefined),
    useRegistry: () => undefined,
    now: () => Date.now(),
    inspectorJournal: { load: () => [], save: () => undefined },
    schedule: (run, ms) => {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    },
    nonce: () => String(Date.now()),
  });
  const session = await host.openSession({ user_id: userId });
  if (!session.ok) throw new Error(session.error.message);
  store.setState({ token: session.value.token, actingUserId: userId });
  return store;
}

/** Resolves once the store's state satisfies `predicate` (checked on every change). */
export function until(store: AppStore, predicate: (state: AppState) => boolean): Promise<AppState> {
  return new Promise((resolve) => {
    if (predicate(store.getState())) return resolve(store.getState());
    const stop = store.subscribe((state) => {
      if (!predicate(state)) return;
      stop();
      resolve(state);
    });
  });
}
