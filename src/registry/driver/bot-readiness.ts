/**
 * Whether an app's bot is ready for a test: the commands the test will use are registered,
 * and the app can be reached (a bot connected to the gateway, or an interactions endpoint
 * set). A test started beside its bot waits for this instead of sleeping: the answer comes
 * when the bus says commands, the app or a bot session changed, or at the time limit with
 * what is missing.
 */
import type { RegistryContext } from '../app.js';
import type { ApplicationRecord } from '../store/records.js';

export interface Readiness {
  ready: boolean;
  application_id: string;
  delivery: 'http' | 'gateway' | null;
  /** The names of the app's commands, global and in every guild. */
  commands: string[];
  missing: string[];
}

export function readiness(context: RegistryContext, application: ApplicationRecord, wanted: readonly string[]): Readiness {
  const current = context.store.world.application(application.id) ?? application;
  const guilds = [null, ...context.store.world.guilds().map((guild) => guild.id)];
  const commands = [...new Set(guilds.flatMap((guildId) => context.store.commands.list(current.id, guildId).map((command) => command.definition.name)))].sort();
  const delivery = current.interactions_endpoint_url !== null ? 'http' : context.gateway.hasBotSession(current.id) ? 'gateway' : null;
  const missing = wanted.filter((name) => !commands.includes(name));
  return { ready: delivery !== null && missing.length === 0, application_id: current.id, delivery, commands, missing };
}

/** What is missing, in a sentence. */
export function notReady(name: string, state: Readiness): string {
  const reasons: string[] = [];
  if (state.delivery === null) reasons.push('no bot of the app is connected to the gateway and it has no interactions endpoint URL');
  if (state.missing.length > 0) reasons.push(`it has not registered ${state.missing.map((command) => `"${command}"`).join(', ')} (its commands: ${state.commands.join(', ') || 'none'})`);
  return `${name} is not ready: ${reasons.join('; ')}`;
}

/** Resolves when the app is ready, or with its state at the time limit; `closed` ends the wait early. */
export function whenReady(
  context: RegistryContext, application: ApplicationRecord, wanted: readonly string[], timeoutMs: number, closed: Promise<void>,
): Promise<Readiness> {
  return new Promise((resolve) => {
    const check = () => readiness(context, application, wanted);
    const first = check();
    if (first.ready) return resolve(first);
    const events = ['commandsChanged', 'worldChanged', 'botConnected'] as const;
    const done = () => {
      clearTimeout(timer);
      for (const event of events) context.bus.off(event, listener);
      resolve(check());
    };
    const listener = () => {
      if (check().ready) done();
    };
    for (const event of events) context.bus.on(event, listener);
    const timer = setTimeout(done, timeoutMs);
    void closed.then(done);
  });
}
