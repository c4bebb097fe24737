/**
 * Parts of the client the first screen does not show (the inspector, the settings, the
 * world editor, the Authorize panel, an open Activity) load their script when first shown,
 * so the page is ready sooner (issue 34, docs/benchmarks.md). While one loads, a status says
 * so: announced, never focused, so the keyboard stays where it was until the part takes it
 * as it always did. If its script cannot be had (the registry restarted with another build),
 * an alert says to reload the page instead of the whole client going blank.
 * A part shown beside the first screen (the inspector in a wide window) waits for the first
 * screen to be done (`useFirstScreenDone`), so its script, styles and render are not in the
 * way of the page's start; then the rest are fetched in idle time (`useWarmLazyParts`), so
 * opening one later seldom waits.
 */
import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { selectReady } from '../store/selectors.js';
import { useApp } from './store-context.js';
import { whenIdle } from './when-idle.js';

/** A lazily loaded component, and its loader for warming it ahead of use. */
export interface LazyComponent<P> {
  Component: ComponentType<P>;
  load(): Promise<unknown>;
}

/** `load` resolves to the module, `pick` takes the component from it. */
export function lazyPart<M, P>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): LazyComponent<P> {
  return { Component: lazy(async () => ({ default: pick(await load()) })), load };
}

class LoadFailure extends Component<{ what: string; className: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={`lazy-part ${this.props.className}`} role="alert" data-testid="lazy-part-failed">
        {this.props.what} could not be shown. Reload the page.
      </div>
    );
  }
}

export interface LazyPartProps {
  /** What loads, as a person would name it ("the inspector"). */
  what: string;
  /** Where the stand-in goes: the inspector's column, a note over the app for a layer, or in the flow. */
  place: 'column' | 'layer' | 'inline';
  /** The stand-in only, for now: the part loads once this is false. */
  held?: boolean;
  children: ReactNode;
}

/** `children` (lazy components), with a stand-in while their script loads. */
export function LazyPart({ what, place, held = false, children }: LazyPartProps) {
  const className = `lazy-part--${place}`;
  const note = <div className={`lazy-part ${className}`} role="status" data-testid="lazy-part-loading">Loading {what}…</div>;
  // A column keeps its landmark while it loads, named as the part names it.
  const loading = place === 'column'
    ? <aside className="lazy-part lazy-part--column" aria-label={capitalized(what.replace(/^the /, ''))} aria-busy="true">{note}</aside>
    : note;
  return (
    <LoadFailure what={capitalized(what)} className={className}>
      <Suspense fallback={loading}>{held ? loading : children}</Suspense>
    </LoadFailure>
  );
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Whether `shown` has been true once: a part that opens and closes itself (a dialog) loads
 * when first opened and stays mounted after, so its closing works as it always did.
 */
export function useShownOnce(shown: boolean): boolean {
  const [once, setOnce] = useState(shown);
  if (shown && !once) setOnce(true);
  return once || shown;
}

/** How long the first screen may take before the parts waiting for it load anyway. */
export const FIRST_SCREEN_WAIT_MS = 3000;

/**
 * Whether the first screen is done: the page has been ready (README: the readiness signal),
 * or its start failed, or FIRST_SCREEN_WAIT_MS have passed.
 */
export function useFirstScreenDone(): boolean {
  const done = useApp((state) => selectReady(state) || state.connection === 'failed');
  const [finished, setFinished] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setFinished(true), FIRST_SCREEN_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  // Told in an effect: after the render that made the page ready (and its readiness signal), not in it.
  useEffect(() => {
    if (done) setFinished(true);
  }, [done]);
  return finished;
}

/** Once `ready`, loads `parts` one after another when the page is idle. */
export function useWarmLazyParts(ready: boolean, parts: ReadonlyArray<Pick<LazyComponent<never>, 'load'>>): void {
  useEffect(() => {
    if (!ready) return undefined;
    let cancelled = false;
    let cancelIdle = () => {};
    const idle = (run: () => void) => {
      cancelIdle = whenIdle(run, 2000);
    };
    const next = (index: number) => {
      const part = parts[index];
      if (cancelled || part === undefined) return;
      // A part that cannot load says so when it is shown; warming it only tries.
      void part.load().catch(() => undefined).finally(() => idle(() => next(index + 1)));
    };
    idle(() => next(0));
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [ready, parts]);
}
