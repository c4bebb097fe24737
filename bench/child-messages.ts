/**
 * What the benchmark process and its helper processes (the HTTP bot, the baselines' bare
 * servers) tell each other over IPC. Every setting is acknowledged, so nothing is measured
 * before the child has it.
 */

/** To the bot: the Ed25519 public key (hex) each path's requests are signed with. */
export interface BotKeys {
  kind: 'keys';
  keys: Record<string, string>;
}

/** From the bot: a request's body was complete at `at` (monotonicMs), reported once it was answered. */
export interface BotArrival {
  kind: 'arrival';
  path: string;
  at: number;
  body: string;
}

/** To the bare servers: where the bot is, the baseline's signing key (PKCS#8 PEM), and what to send. */
export interface BareSettings {
  kind: 'settings';
  botOrigin?: string;
  privateKey?: string;
  /** The delivery body the forwarder signs and POSTs (the registry's, captured). */
  body?: string;
  /** The frame the relay sends (the registry's INTERACTION_CREATE, captured). */
  frame?: string;
}

/** A child's answer to a setting. */
export interface Acknowledged {
  kind: 'acknowledged';
}

export type ChildMessage = BotArrival | Acknowledged;
