/**
 * Where the registry's deadlines come from: an interaction's 3 seconds, an endpoint's
 * delivery, a gateway session's heartbeat. The machine's timers by default; a test clock
 * (driver/adjustable-clock.ts) is one too, on which a deadline falls due when the clock
 * reaches it, whether by the machine's time passing or by a test moving the clock.
 */
export interface Timers {
  /** Calls `fire` once, `delayMs` from now on this source; answers the cancel. Never keeps the process running. */
  after(delayMs: number, fire: () => void): () => void;
}

/** The machine's timers. */
export const machineTimers: Timers = {
  after(delayMs, fire) {
    const timer = setTimeout(fire, delayMs);
    timer.unref();
    return () => clearTimeout(timer);
  },
};
