/**
 * A registry for interaction tests without ports: a fake gateway that records what bots
 * would receive (and can pretend no bot is connected), and the client events the simulated
 * client would hear, awaitable by type.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { ClientEvent } from '../../src/registry/events.js';
import type { GatewayHub } from '../../src/registry/gateway/hub.js';
import { GUILD, IDS, TOKENS, testRegistry, type TestRegistry } from './test-registry.js';

export interface Dispatch {
  applicationId: string;
  event: string;
  data: Record<string, unknown>;
  guildId: string | null;
}

export class FakeGateway implements GatewayHub {
  readonly dispatches: Dispatch[] = [];
  connected = true;
  private waiters: Array<(dispatch: Dispatch) => void> = [];

  hasBotSession(): boolean {
    return this.connected;
  }

  /** A fake session is connected or gone, never waiting to resume. */
  hasResumableBotSession(): boolean {
    return false;
  }

  dispatchToBot(applicationId: string, event: string, data: unknown, guildId: string | null): boolean {
    if (!this.connected) return false;
    const dispatch = { applicationId, event, data: data as Record<string, unknown>, guildId };
    this.dispatches.push(dispatch);
    for (const waiter of this.waiters.splice(0)) waiter(dispatch);
    return true;
  }

  /** The next INTERACTION_CREATE a bot receives (or the last one already received). */
  nextInteraction(): Promise<Record<string, unknown>> {
    return new Promise((resolve) => this.waiters.push((dispatch) => resolve(dispatch.data)));
  }

  dispatchToUser(): void {}
  async dispatchToChannel(): Promise<void> {}
  attach(): void {}
  async close(): Promise<void> {}
}

export interface Harness {
  registry: TestRegistry;
  gateway: FakeGateway;
  events: ClientEvent[];
  /** Resolves with the first client event of `type` (already heard or yet to come) matching `where`. */
  event(type: string, where?: (data: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  /** Invokes as a user (the owner by default), answering the HTTP response. */
  invoke(body: Record<string, unknown>, token?: string): Promise<LightMyRequestResponse>;
  /** Answers an interaction through the callback route. */
  callback(interaction: Record<string, unknown>, response: unknown, query?: string): Promise<LightMyRequestResponse>;
  /** Creates a command in the fixture guild and answers it. */
  command(body: Record<string, unknown>): Promise<Record<string, unknown>>;
}

export async function interactionHarness(deadlineMs = 3000): Promise<Harness> {
  const gateway = new FakeGateway();
  const registry = await testRegistry({ app: { gateway, deliveryTimeoutMs: deadlineMs } });
  const events: ClientEvent[] = [];
  const listeners: Array<(event: ClientEvent) => void> = [];
  registry.bus.on('clientEvent', (event) => {
    events.push(event);
    for (const listener of [...listeners]) listener(event);
  });
  return {
    registry, gateway, events,
    event(type, where = () => true) {
      const matches = (event: ClientEvent) => event.type === type && where(event.data as Record<string, unknown>);
      const heard = events.find(matches);
      if (heard) return Promise.resolve(heard.data as Record<string, unknown>);
      return new Promise((resolve) => {
        const listener = (event: ClientEvent) => {
          if (!matches(event)) return;
          listeners.splice(listeners.indexOf(listener), 1);
          resolve(event.data as Record<string, unknown>);
        };
        listeners.push(listener);
      });
    },
    invoke: (body, token = TOKENS.owner) =>
      registry.app.inject({ method: 'POST', url: '/api/v10/interactions', payload: body, headers: { authorization: token } }),
    callback: (interaction, response, query = '') =>
      registry.app.inject({
        method: 'POST', url: `/api/v10/interactions/${interaction.id}/${interaction.token}/callback${query}`, payload: response as object,
      }),
    async command(body) {
      const response = await registry.bot({ method: 'POST', url: GUILD, payload: body });
      if (response.statusCode >= 300) throw new Error(response.body);
      return response.json();
    },
  };
}

/** The invoke body for a command in the fixture guild's #general. */
export function slashInvocation(command: Record<string, unknown>, extra: Record<string, unknown> = {}, type = 2): Record<string, unknown> {
  return {
    type, application_id: IDS.app, guild_id: IDS.guild, channel_id: IDS.general, nonce: 'n1',
    data: { id: command.id, name: command.name, type: command.type, version: command.version, ...extra },
  };
}
