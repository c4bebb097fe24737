/**
 * What the client benchmark runs inside the page, as JavaScript source (the benchmarks are
 * compiled without the DOM's types). `arm(root, check)` waits for the next keydown, then for
 * the keystroke's effect (below), and answers three moments on the page's clock:
 * - `keydownAt`: the keydown event's own time stamp (when the browser took the key in);
 * - `updatedAt`: the change committed to the DOM, with style and layout done (forced at
 *   once, so they are counted here rather than wherever the browser would have put them);
 * - `framedAt`: after the next frame's rendering (a message posted from its animation
 *   frame callback runs once the frame is painted), so it includes the wait for the frame.
 * The CSP of the page does not apply: the benchmark's driver evaluates this through the
 * DevTools protocol, as the tests do.
 */

/**
 * Which state ends a measurement: the first elements matching `selector` carry `values` in
 * `attribute` (and none match when `values` is empty), or an element has `text`.
 */
export type ProbeCheck =
  | { kind: 'first'; selector: string; attribute: string; values: string[] }
  | { kind: 'text'; selector: string; text: string };

/** One keystroke's moments, in ms on the page's clock. */
export interface KeystrokeTiming {
  keydownAt: number;
  updatedAt: number;
  framedAt: number;
  /** Whether the DOM under the watched root changed before the keystroke was done. */
  changed: boolean;
}

/**
 * Installs `window.__slashbenchProbe` in the page. A keystroke is done at the first moment
 * after its keydown when `check` holds: at a change under `root`, or at the `input` event
 * once it reached the window (after the page's own listeners: React commits a discrete
 * event's update before the event goes on, so a list that a key leaves as it was is done
 * there). `changed` says whether any change under `root` was seen by then, which lets the
 * driver prove that keys which change the list were measured after their change.
 */
export const PROBE_SOURCE = `(() => {
  const holds = (check) => {
    if (check.kind === 'text') return document.querySelector(check.selector)?.textContent === check.text;
    const found = document.querySelectorAll(check.selector);
    if (check.values.length === 0) return found.length === 0;
    return found.length >= check.values.length && check.values.every((value, at) => found[at].getAttribute(check.attribute) === value);
  };
  window.__slashbenchProbe = {
    pending: null,
    arm(rootSelector, check) {
      const root = document.querySelector(rootSelector);
      if (!root) throw new Error('no element ' + rootSelector + ' to watch');
      let keydownAt;
      let changed = false;
      let done = false;
      this.pending = new Promise((resolve) => {
        const finish = () => {
          if (done || keydownAt === undefined || !holds(check)) return;
          done = true;
          observer.disconnect();
          window.removeEventListener('input', onInput);
          document.body.getBoundingClientRect();
          const updatedAt = performance.now();
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve({ keydownAt, updatedAt, framedAt: performance.now(), changed });
            channel.port2.postMessage(null);
          });
        };
        const observer = new MutationObserver(() => {
          if (keydownAt === undefined) return;
          changed = true;
          finish();
        });
        const onInput = () => finish();
        observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
        window.addEventListener('input', onInput);
        window.addEventListener('keydown', (event) => { keydownAt = event.timeStamp; }, { capture: true, once: true });
      });
    },
  };
})()`;

/** Adds the baseline to the page: a plain input outside React whose listener echoes its value. */
export const PLAIN_INPUT_SOURCE = `(() => {
  const box = document.createElement('div');
  box.id = 'slashbench-plain';
  const input = document.createElement('input');
  input.id = 'slashbench-plain-input';
  input.setAttribute('aria-label', 'Plain input (benchmark baseline)');
  const echo = document.createElement('div');
  echo.id = 'slashbench-plain-echo';
  input.addEventListener('input', () => { echo.textContent = input.value; });
  box.append(input, echo);
  document.body.append(box);
})()`;

/** The expression that arms the probe for the next keystroke. */
export function armExpression(rootSelector: string, check: ProbeCheck): string {
  return `window.__slashbenchProbe.arm(${JSON.stringify(rootSelector)}, ${JSON.stringify(check)})`;
}

/** The expression that answers the armed keystroke's timing (a promise the driver awaits). */
export const PENDING_EXPRESSION = 'window.__slashbenchProbe.pending';
