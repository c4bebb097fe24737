/**
 * The simulated chat client as a test drives it: a person's token, plain fetch for the
 * command index and invocations (`Authorization: <token>`, no prefix), and a raw gateway
 * session (IDENTIFY with the same token) whose dispatches tests wait on by name and content.
 *
 * `sync()` is a barrier, not a sleep: it sends a heartbeat and waits for its ack. The server
 * writes a connection's payloads in order, so every dispatch the registry emitted to this
 * session before it read the heartbeat has arrived by then: after `sync()`, what is not in
 * `dispatches()` was never sent.
 */
import { GatewayClient, type Payload } from './gateway-client.js';

export type Data = Record<string, unknown>;

/** A dispatch as the session received it. */
export interface Dispatched {
  t: string;
  s: number;
  d: Data;
}

/** A command as the index lists it (the fields an invocation needs). */
export interface IndexedCommand {
  id: string;
  application_id: string;
  name: string;
  type: number;
  version: string;
  [field: string]: unknown;
}

export interface CommandIndex {
  applications: Data[];
  application_commands: IndexedCommand[];
}

/** Where a command is used, and what the invocation carries besides the command. */
export interface Invocation {
  guildId: string | null;
  channelId: string;
  nonce: string;
  /** 2 command (default), 4 autocomplete. */
  type?: number;
  options?: unknown[];
  targetId?: string;
  /** The version to send; the indexed command's own by default. */
  version?: string;
}

function asDispatched(payload: Payload): Dispatched {
  return { t: payload.t as string, s: payload.s as number, d: payload.d as Data };
}

export class ClientSession {
  private heartbeatsSent = 0;
  private readonly timer: NodeJS.Timeout;

  private constructor(
    readonly baseUrl: string,
    readonly token: string,
    readonly gateway: GatewayClient,
    readonly ready: Data,
    heartbeatInterval: number,
  ) {
    // A session that outlives the heartbeat interval stays alive, as a real client's does.
    this.timer = setInterval(() => this.heartbeat(), heartbeatInterval);
    this.timer.unref();
  }

  /** Discovers the gateway (`GET /gateway`), connects, IDENTIFYs with `token` and waits for READY. */
  static async open(baseUrl: string, token: string): Promise<ClientSession> {
    const discovery = await fetch(`${baseUrl}/api/v10/gateway`);
    if (!discovery.ok) throw new Error(`GET /gateway answered ${discovery.status}`);
    const { url } = (await discovery.json()) as { url: string };
    const gateway = await GatewayClient.open(url);
    try {
      const hello = await gateway.op(10);
      gateway.identify(token);
      const ready = await gateway.dispatch('READY');
      return new ClientSession(baseUrl, token, gateway, ready.d as Data, (hello.d as { heartbeat_interval: number }).heartbeat_interval);
    } catch (error) {
      await gateway.close();
      throw error;
    }
  }

  /** The person this session is. */
  get userId(): string {
    return (this.ready.user as { id: string }).id;
  }

  /** The next dispatch named `type` whose data matches `where` (already received or still to come). */
  async event(type: string, where: (data: Data) => boolean = () => true): Promise<Dispatched> {
    return asDispatched(await this.gateway.next((payload) => payload.op === 0 && payload.t === type && where(payload.d as Data)));
  }

  /** Every dispatch received so far, in order (READY included). */
  dispatches(): Dispatched[] {
    return this.gateway.received.filter((payload) => payload.op === 0).map(asDispatched);
  }

  /** Waits until every dispatch the registry emitted to this session so far has arrived (see the header). */
  async sync(): Promise<void> {
    const target = this.heartbeat();
    const acks = () => this.gateway.received.filter((payload) => payload.op === 11).length;
    await this.gateway.next((payload) => payload.op === 11 && acks() >= target);
  }

  /** `GET /guilds/{guild}/application-command-index?channel_id=...` as this person. */
  async index(guildId: string, channelId: string): Promise<CommandIndex> {
    const response = await fetch(`${this.baseUrl}/api/v10/guilds/${guildId}/application-command-index?channel_id=${channelId}`, {
      headers: { authorization: this.token },
    });
    if (!response.ok) throw new Error(`the command index answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as CommandIndex;
  }

  /** `POST /interactions` with a raw body. */
  post(body: unknown): Promise<Response> {
    return fetch(`${this.baseUrl}/api/v10/interactions`, {
      method: 'POST',
      headers: { authorization: this.token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  /** Invokes (or autocompletes) an indexed command, as the client does from its picker. */
  invoke(command: IndexedCommand, invocation: Invocation): Promise<Response> {
    const data: Data = { id: command.id, name: command.name, type: command.type, version: invocation.version ?? command.version };
    if (invocation.options !== undefined) data.options = invocation.options;
    if (invocation.targetId !== undefined) data.target_id = invocation.targetId;
    return this.post({
      type: invocation.type ?? 2,
      application_id: command.application_id,
      ...(invocation.guildId === null ? {} : { guild_id: invocation.guildId }),
      channel_id: invocation.channelId,
      nonce: invocation.nonce,
      data,
    });
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.gateway.close();
  }

  /** Sends op 1; answers how many heartbeats this session has sent. */
  private heartbeat(): number {
    this.heartbeatsSent += 1;
    const last = this.gateway.received.filter((payload) => payload.op === 0).at(-1)?.s ?? null;
    this.gateway.send({ op: 1, d: last });
    return this.heartbeatsSent;
  }
}

/** Finds a command in an index by name, or fails the test with what the index holds. */
export function indexed(index: CommandIndex, name: string, type = 1): IndexedCommand {
  const found = index.application_commands.find((command) => command.name === name && command.type === type);
  if (!found) throw new Error(`no ${name} (type ${type}) in the index: ${index.application_commands.map((command) => command.name).join(', ')}`);
  return found;
}

/** Whether a message belongs to the interaction `id` (its `interaction_metadata`). */
export function fromInteraction(id: string): (data: Data) => boolean {
  return (data) => (data.interaction_metadata as { id?: string } | null | undefined)?.id === id;
}
