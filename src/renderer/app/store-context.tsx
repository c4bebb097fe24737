/**
 * The bound store for React: one store per page, provided at the root; components read it
 * with selectors (`useApp`) and call actions through `useActions`.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AppState } from '../store/app-state.js';
import type { AppStore } from '../store/create-app-store.js';

const StoreContext = createContext<AppStore | null>(null);

export function StoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

function useAppStore(): AppStore {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('useApp outside StoreProvider');
  return store;
}

/** Reads one value of the store; the component renders again when it changes. */
export function useApp<T>(selector: (state: AppState) => T): T {
  return useStore(useAppStore(), selector);
}

/** The store's actions (stable functions), without subscribing to any state. */
export function useActions(): AppState {
  return useAppStore().getState();
}
