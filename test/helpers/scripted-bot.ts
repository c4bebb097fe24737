/**
 * A bot for end-to-end tests on a raw gateway session: it registers its commands over REST,
 * then hands every INTERACTION_CREATE to the test's handler, which answers through the
 * callback and webhook routes. Gates let a test hold an answer until it has seen the
 * in-between state (a deferred "is thinking…"), so nothing waits on a timer.
 */
import { GatewayClient } from './gateway-client.js';

export type Interaction = {
  id: string;
  token: string;
  type: number;
  application_id: string;
  data: Record<string, unknown>;
  [field: string]: unknown;
};

export type InteractionHandler = (interaction: Interaction, bot: ScriptedBot) => Promise<void>;

/** Named gates a handler waits on and a test opens. */
export class Gates {
  private readonly opened = new Map<string, () => void>();
  private readonly waiting = new Map<string, Promise<void>>();

  private entry(name: string): Promise<void> {
    let promise = this.waiting.get(name);
    if (!promise) {
      promise = new Promise<void>((resolve) => this.opened.set(name, resolve));
      this.waiting.set(name, promise);
    }
    return promise;
  }

  wait(name: string): Promise<void> {
    return this.entry(name);
  }

  open(name: string): void {
    void this.entry(name);
    this.opened.get(name)?.();
  }
}

export class ScriptedBot {
  /** Every interaction received, in order. */
  readonly received: Interaction[] = [];
  private readonly timer: NodeJS.Timeout;

  private constructor(
    readonly baseUrl: string,
    readonly applicationId: string,
    private readonly token: string,
    private readonly gateway: GatewayClient,
    heartbeatInterval: number,
    handler: InteractionHandler,
  ) {
    this.timer = setInterval(() => this.gateway.send({ op: 1, d: null }), heartbeatInterval);
    this.timer.unref();
    void this.listen(handler);
  }

  /** Connects the app's bot, waits for READY, and starts answering with `handler`. */
  static async connect(baseUrl: string, applicationId: string, token: string, handler: InteractionHandler): Promise<ScriptedBot> {
    const discovery = await fetch(`${baseUrl}/api/v10/gateway/bot`, { headers: { authorization: `Bot ${token}` } });
    if (!discovery.ok) throw new Error(`GET /gateway/bot answered ${discovery.status}`);
    const { url } = (await discovery.json()) as { url: string };
    const gateway = await GatewayClient.open(url);
    const hello = await gateway.op(10);
    gateway.identify(token);
    await gateway.dispatch('READY');
    return new ScriptedBot(baseUrl, applicationId, token, gateway, (hello.d as { heartbeat_interval: number }).heartbeat_interval, handler);
  }

  private async listen(handler: InteractionHandler): Promise<void> {
    for (;;) {
      const payload = await this.gateway.dispatch('INTERACTION_CREATE').catch(() => null);
      if (!payload) return;
      const interaction = payload.d as Interaction;
      this.received.push(interaction);
      void handler(interaction, this).catch(() => undefined);
    }
  }

  /** A REST call as the bot (`Authorization: Bot <token>` unless `auth` is false); throws on an error answer. */
  async rest(method: string, path: string, body?: unknown, auth = true): Promise<unknown> {
    const response = await fetch(`${this.baseUrl}/api/v10${path}`, {
      method,
      headers: { ...(auth ? { authorization: `Bot ${this.token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return text === '' ? null : JSON.parse(text);
  }

  /** Replaces the app's global commands. */
  registerCommands(commands: unknown[]): Promise<unknown> {
    return this.rest('PUT', `/applications/${this.applicationId}/commands`, commands);
  }

  /** The first response to an interaction. */
  respond(interaction: Interaction, response: unknown): Promise<unknown> {
    return this.rest('POST', `/interactions/${interaction.id}/${interaction.token}/callback`, response, false);
  }

  /** Edits the original response (ends a deferral). */
  editOriginal(interaction: Interaction, body: unknown): Promise<unknown> {
    return this.rest('PATCH', `/webhooks/${this.applicationId}/${interaction.token}/messages/@original`, body, false);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.gateway.close();
  }
}
