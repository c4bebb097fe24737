/**
 * The client's entry: one store with the browser's dependencies, the app around it, and
 * the session started as the person named by `?user=` (or the world's first).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browserDeps } from './api/browser-deps.js';
import { App } from './app/App.js';
import { StoreProvider } from './app/store-context.js';
import { prepareTextOrder } from './app/text-order.js';
import { whenIdle } from './app/when-idle.js';
import { createAppStore } from './store/create-app-store.js';
import './app/base.css';

const store = createAppStore(browserDeps());
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StoreProvider store={store}>
        <App />
      </StoreProvider>
    </StrictMode>,
  );
}
void store.getState().start(new URLSearchParams(window.location.search).get('user'));
// While the page waits for its first answers: the member list is sorted on the way to the first screen.
prepareTextOrder((build) => whenIdle(build, 1000));
