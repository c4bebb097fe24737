/**
 * Whether an app's bot is ready for a test: the commands the test will use are registered,
 * and the app can be reached (a bot connected to the gateway, or an interactions endpoint
 * set). A test started beside its bot waits for this instead of sleeping: the answer comes
 * when the bus says commands, the app or a bot session changed, or at the time limit with
 * what is missing.
 */
import type { RegistryContext } from '../registry-context.js';
import type { ApplicationRecord } from '../store/records.js';
import { mapAsync } from '../async-lists.js';

export interface Readiness {
  ready: boolean;
  application_id: string;
  delivery: 'http' | 'gateway' | null;
  /** The names of the app's commands, global and in every guild. */
  commands: string[];
  missing: string[];
}

export async function readiness(context: RegistryContext, application: ApplicationRecord, wanted: readonly string[]): Promise<Readiness> {
  const current = await context.store.world.application(application.id) ?? application;
  const guilds = [null, ...(await context.store.world.guilds()).map((guild) => guild.id)];
  const lists = await mapAsync(guilds, async (guildId) => (await context.store.commands.list(current.id, guildId)).map((command) => command.definition.name));
  const commands = [...new Set(lists.flat())].sort();
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
  return new Promise((resolve, reject) => {
    const check = () => readiness(context, application, wanted);
    const events = ['commandsChanged', 'worldChanged', 'botConnected'] as const;
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      for (const event of events) context.bus.off(event, listener);
      check().then(resolve, reject);
    };
    const listener = () => {
      check().then((state) => {
        if (state.ready) done();
      }, reject);
    };
    for (const event of events) context.bus.on(event, listener);
    const timer = setTimeout(done, timeoutMs);
    void closed.then(done);
    listener();
  });
}
