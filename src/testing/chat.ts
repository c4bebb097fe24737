/**
 * A person of the world and a channel they are in: what a test acts through. A chat sends
 * what the person would send from that channel: slash commands (by their text or by name
 * and options), autocomplete, and user and message commands from a context menu.
 */
import type { APIMessage } from 'discord-api-types/v10';
import type { Choice, DriverAction } from '../shared/driver-api.js';
import { withWireFiles } from './bench-file.js';
import type { DriverHttp } from './driver-http.js';
import { startRun, type Actor, type Run, type WaitOptions } from './run.js';

/** Options by name, with values as typed (`'3'`, `'@bob'`, `'#general'`), as their type (`3`, `true`), or a `BenchFile`. */
export type CommandOptions = Record<string, unknown>;

export class BenchUser implements Actor {
  constructor(
    readonly http: DriverHttp,
    /** The person's id in the world. */
    readonly id: string,
    readonly username: string,
    /** Their session token (`Authorization: <token>`, no prefix), as the client sends it. */
    readonly token: string,
    readonly timeoutMs: number,
  ) {}

  /**
   * The person in a channel: `in('Slashbench Lab', 'general')` by the guild's and channel's
   * names or ids, or `in(channelId)` for any channel by id (DMs and group DMs too). Names
   * are looked up when the chat is first used; an unknown one fails that call with the names that exist.
   */
  in(guildOrChannel: string, channel?: string): Chat {
    return channel === undefined ? new Chat(this, undefined, guildOrChannel) : new Chat(this, guildOrChannel, channel);
  }
}

export class Chat {
  constructor(readonly user: BenchUser, readonly guild: string | undefined, readonly channel: string) {}

  private get place(): { guild?: string; channel: string } {
    return { ...(this.guild === undefined ? {} : { guild: this.guild }), channel: this.channel };
  }

  /** Where the chat is, by id (`{guild_id, channel_id}`), as the registry finds it. */
  async ids(): Promise<{ guild_id: string | null; channel_id: string }> {
    const query = new URLSearchParams(this.place);
    return this.user.http.call(this.user.token, 'GET', `/_slashbench/driver/place?${query}`, `finding ${this.describe()}`);
  }

  /**
   * Invokes a slash command: `command('/echo text:hello')` as typed in the chat box, or
   * `command('echo', {text: 'hello'})` by name (with its subcommands: `'config set'`) and options.
   * A file option takes a `BenchFile` (`{ name: 'notes.txt', data: 'hello' }`), uploaded as the client would.
   */
  command(text: string, options?: CommandOptions): Promise<Run> {
    return this.send(options === undefined && text.trimStart().startsWith('/')
      ? { action: 'command', ...this.place, command: text }
      : { action: 'command', ...this.place, name: text.replace(/^\s*\//, ''), options: withWireFiles(options ?? {}) }, text);
  }

  /**
   * The choices the app offers for the option being typed: the last one written
   * (`autocomplete('/echo text:hel')`), or `focused` with options by name.
   */
  async autocomplete(text: string, options?: CommandOptions, focused?: string, wait: WaitOptions = {}): Promise<Choice[]> {
    const action: DriverAction = options === undefined && text.trimStart().startsWith('/')
      ? { action: 'autocomplete', ...this.place, command: text, ...(focused === undefined ? {} : { focused }) }
      : { action: 'autocomplete', ...this.place, name: text.replace(/^\s*\//, ''), options: withWireFiles(options ?? {}), ...(focused === undefined ? {} : { focused }) };
    const run = await this.send(action, `autocomplete ${text}`);
    return run.choices(wait);
  }

  /** A user command (a person's context menu, Apps) on `target`, a person by name or id. */
  userCommand(name: string, target: string | { id: string }): Promise<Run> {
    return this.send({ action: 'user_command', ...this.place, name, target: typeof target === 'string' ? target : target.id }, name);
  }

  /** A message command (a message's context menu, Apps) on `message`, by id or as read (a reply). */
  messageCommand(name: string, message: string | Pick<APIMessage, 'id'>): Promise<Run> {
    return this.send({ action: 'message_command', ...this.place, name, message_id: typeof message === 'string' ? message : message.id }, name);
  }

  private send(action: DriverAction, what: string): Promise<Run> {
    return startRun(this.user, action, `${this.user.username} using ${what} in ${this.describe()}`);
  }

  private describe(): string {
    return this.guild === undefined ? `channel ${this.channel}` : `#${this.channel.replace(/^#/, '')} of ${this.guild}`;
  }
}
