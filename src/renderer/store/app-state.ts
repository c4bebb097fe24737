/**
 * The client's one store, as the union of its feature slices. Each slice owns its state
 * and the actions that change it; components read through selectors.
 *
 * AppState is made where the slices are declared: each slice module adds its interface
 * to it (`declare module '../../store/app-state.js' { interface AppState extends XSlice {} }`),
 * so this module imports no slice, and a slice (or a selector) can take the whole state
 * without importing a module that imports it back (issue 34). create-app-store.ts builds
 * every slice: one added to AppState but not built there fails to compile.
 */
import type { StateCreator } from 'zustand';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the slices' modules fill it in (above).
export interface AppState {}

/** A slice creator of the app's store. */
export type Slice<T> = StateCreator<AppState, [], [], T>;
