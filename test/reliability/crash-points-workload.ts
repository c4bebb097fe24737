/**
 * Mixed writes against the real CLI, for SIGKILL at random points (issue 10, faults):
 * several pipelines run at once, each a sequence of writes to its own object — a command's
 * life (POST create, PATCH, PATCH, DELETE), bulk overwrites, command permission PUTs (with
 * a user's Bearer token from the OAuth2 flow), and world edits through the management API
 * (a role's name, a person's global name). Each pipeline sends its next write only after
 * the previous one was acknowledged, so when the process dies it has at most one write in
 * flight: after a restart on the same data directory its object must be in the state of
 * its last acknowledged write or of that in-flight one (which may have committed), never
 * an older one (a lost write) and never a mixture (half a bulk overwrite).
 *
 * The registry runs on its test clock (`--test-clock`): a command's life turns the day
 * before its guild has had 200 creates in one, since the registry rightly refuses the 201st
 * (30034), and a long run on a fast machine makes more.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createSnowflakeGenerator } from '../../src/registry/domain/snowflake.js';
import { makeDataDirectory, type RegistryProcess } from '../helpers/registry-process.js';

/** One ordered sequence of writes to one object, and how to read that object back. */
interface Plan {
  name: string;
  /** The write that follows the acknowledged state: what it sends, and the state it leads to. */
  next(acked: string, k: number): { state: string; send(url: string): Promise<Response>; ok: number };
  /** The object's state as the registry answers it now. */
  read(url: string): Promise<string>;
}

/** A plan under way: its acknowledged state, the write in flight, and what went wrong. */
export class Pipeline {
  inFlight: string | undefined;
  acknowledged = 0;
  /** Numbers every write of the pipeline across restarts, so no two writes leave the same state. */
  private sequence = 0;

  constructor(private readonly plan: Plan, public acked: string, private readonly problems: string[]) {}

  get name(): string {
    return this.plan.name;
  }

  /** Sends writes one after another until one gets no answer (the process died) or `stopped()`. */
  async run(url: string, stopped: () => boolean, onAck: () => void): Promise<void> {
    while (!stopped()) {
      const write = this.plan.next(this.acked, this.sequence++);
      this.inFlight = write.state;
      let status: number;
      try {
        const response = await write.send(url);
        status = response.status;
        const text = await response.text();
        if (status !== write.ok) this.problems.push(`${this.name}: ${write.state} answered ${status} ${text.slice(0, 300)}`);
      } catch {
        return; // No answer: the process died with this write in flight.
      }
      if (status !== write.ok) return;
      this.acked = write.state;
      this.inFlight = undefined;
      this.acknowledged += 1;
      onAck();
    }
  }

  /** After a restart: the object is as last acknowledged, or as the write in flight left it. */
  async check(url: string): Promise<void> {
    const found = await this.plan.read(url);
    const allowed = [this.acked, ...(this.inFlight === undefined ? [] : [this.inFlight])];
    if (!allowed.includes(found)) {
      this.problems.push(`${this.name}: found "${found}" after the restart, expected ${allowed.map((state) => `"${state}"`).join(' or ')}`);
    }
    this.acked = found;
    this.inFlight = undefined;
  }
}

/** The world's ids and tokens, and the file for `--world`. */
export interface CrashWorld {
  file: string;
  guild: string;
  role: string;
  owner: { id: string; token: string };
  apps: Array<{ id: string; token: string }>;
  oauthApp: { id: string; secret: string; redirect: string };
}

const DAY_MS = 86_400_000;
/** The creates a command's life makes in a guild before it turns the day: short of the service's 200. */
export const CREATES_PER_DAY = 150;
/** How long the workload keeps a Bearer token: a day short of its 7-day lifetime. */
const BEARER_KEPT_MS = 6 * DAY_MS;

/**
 * The registry's test clock as the workload moved it: a restarted registry starts on the
 * machine's time again, so it is moved to where the last one was before any write.
 */
export class WorkloadClock {
  offsetMs = 0;

  constructor(private readonly token: string) {}

  /** Moves the registry's clock `ms` on (counted first: a kill during the move still moves the next registry). */
  advance(url: string, ms: number): Promise<Response> {
    this.offsetMs += ms;
    return this.move(url, ms);
  }

  /** Moves a restarted registry's clock to where the workload left it. */
  async restore(url: string): Promise<void> {
    if (this.offsetMs > 0) await readJson(await this.move(url, this.offsetMs), 'restoring the clock');
  }

  private move(url: string, ms: number): Promise<Response> {
    return fetch(`${url}/_slashbench/driver/clock`, {
      method: 'POST', headers: json({ authorization: this.token }), body: JSON.stringify({ advance_ms: ms }),
    });
  }
}

const REDIRECT = 'https://crash.example/callback';

/** Writes a world with `apps` bot applications installed in one guild owned by the person who edits it. */
export async function writeCrashWorld(apps: number): Promise<CrashWorld> {
  const nextId = createSnowflakeGenerator(Date.now);
  const owner = { id: nextId(), token: 'crash-owner' };
  const guild = nextId();
  const role = nextId();
  const bots = Array.from({ length: apps }, (_, index) => ({ id: nextId(), token: `crash-bot-${index}` }));
  const world = {
    users: [{ id: owner.id, username: 'owner', token: owner.token }],
    applications: bots.map((bot, index) => ({
      id: bot.id, name: `Crash ${index}`, owner_id: owner.id, bot_token: bot.token,
      ...(index === 0 ? { client_secret: 'crash-secret', redirect_uris: [REDIRECT] } : {}),
    })),
    guilds: [{
      id: guild, name: 'Crash', owner_id: owner.id,
      roles: [{ id: guild, name: '@everyone', permissions: '2147485696' }, { id: role, name: 'role start', permissions: '0' }],
      channels: [{ id: nextId(), name: 'general', type: 0 }],
      members: [{ user_id: owner.id, roles: [] }],
      applications: bots.map((bot) => bot.id),
    }],
  };
  const file = join(await makeDataDirectory(), 'crash-world.json');
  await writeFile(file, JSON.stringify(world));
  return { file, guild, role, owner, apps: bots, oauthApp: { id: bots[0]!.id, secret: 'crash-secret', redirect: REDIRECT } };
}

const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });
const bot = (app: { token: string }) => ({ authorization: `Bot ${app.token}` });

async function readJson<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A user Bearer token with applications.commands.permissions.update, through the authorize API and the token endpoint. */
export async function permissionsToken(url: string, world: CrashWorld): Promise<string> {
  const { id, secret, redirect } = world.oauthApp;
  const query = new URLSearchParams({
    response_type: 'code', client_id: id, scope: 'applications.commands.permissions.update', state: 's', redirect_uri: redirect,
  });
  const consent = await readJson<{ location: string }>(await fetch(`${url}/api/v10/oauth2/authorize?${query}`, {
    method: 'POST', headers: json({ authorization: world.owner.token }), body: JSON.stringify({ authorize: true }),
  }), 'authorize');
  const code = new URL(consent.location).searchParams.get('code') ?? '';
  const grant = await readJson<{ access_token: string }>(await fetch(`${url}/api/v10/oauth2/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirect, client_id: id, client_secret: secret }),
  }), 'token');
  return grant.access_token;
}

/**
 * A command's life in a guild, one after another: create, patch, patch, delete; every
 * CREATES_PER_DAY creates the day turns (the clock moves, the command still absent).
 * State: `absent` or `name: description`.
 */
export function commandLife(world: CrashWorld, app: { id: string; token: string }, label: string, clock: WorkloadClock): Plan {
  const base = `/api/v10/applications/${app.id}/guilds/${world.guild}/commands`;
  let id = '';
  let serial = 0;
  // Counted when sent: one in flight at a kill may have been made.
  let createsToday = 0;
  const read = async (url: string) => {
    const commands = await readJson<Array<{ id: string; name: string; description: string }>>(await fetch(`${url}${base}`, { headers: bot(app) }), 'list');
    if (commands.length > 1) return `${commands.length} commands`;
    const [command] = commands;
    if (command) id = command.id;
    return command ? `${command.name}: ${command.description}` : 'absent';
  };
  return {
    name: `${label} (create/patch/delete)`,
    read,
    next(acked, k) {
      if (acked === 'absent' && createsToday >= CREATES_PER_DAY) {
        return {
          state: 'absent', ok: 200,
          send: (url) => {
            createsToday = 0;
            return clock.advance(url, DAY_MS);
          },
        };
      }
      if (acked === 'absent') {
        const name = `${label}-${serial++}`;
        const state = `${name}: created ${k}`;
        return {
          state, ok: 201,
          send: async (url) => {
            createsToday += 1;
            const response = await fetch(`${url}${base}`, { method: 'POST', headers: json(bot(app)), body: JSON.stringify({ name, description: `created ${k}` }) });
            if (response.status === 201) id = ((await response.clone().json()) as { id: string }).id;
            return response;
          },
        };
      }
      const [name] = acked.split(': ');
      if (acked.includes('patched twice')) {
        return { state: 'absent', ok: 204, send: (url) => fetch(`${url}${base}/${id}`, { method: 'DELETE', headers: bot(app) }) };
      }
      const description = acked.includes('patched') ? `patched twice ${k}` : `patched ${k}`;
      return {
        state: `${name}: ${description}`, ok: 200,
        send: (url) => fetch(`${url}${base}/${id}`, { method: 'PATCH', headers: json(bot(app)), body: JSON.stringify({ description }) }),
      };
    },
  };
}

const LIST_NAMES = Array.from({ length: 20 }, (_, index) => `bulk-${String(index).padStart(2, '0')}`);

/** Bulk overwrites of an app's global commands; every list is marked whole (`list k`), so half of one shows. */
function bulkOverwrites(app: { id: string; token: string }, label: string): Plan {
  const base = `/api/v10/applications/${app.id}/commands`;
  return {
    name: `${label} (bulk overwrite)`,
    async read(url) {
      const commands = await readJson<Array<{ name: string; description: string }>>(await fetch(`${url}${base}`, { headers: bot(app) }), 'list');
      const lists = [...new Set(commands.map((command) => /^list (\d+) #\d+$/.exec(command.description)?.[1] ?? '?'))];
      const names = commands.map((command) => command.name).sort().join(',');
      if (commands.length === 0) return 'empty';
      if (lists.length !== 1 || names !== LIST_NAMES.join(',')) return `a mixture of lists ${lists.join(', ')} (${commands.length} commands)`;
      return `list ${lists[0]}`;
    },
    next(_acked, k) {
      const marker = String(k);
      const body = LIST_NAMES.map((name, index) => ({
        name, description: `list ${marker} #${index}`, options: [{ type: 3, name: 'text', description: `list ${marker}`, required: index % 2 === 0 }],
      }));
      return { state: `list ${marker}`, ok: 200, send: (url) => fetch(`${url}${base}`, { method: 'PUT', headers: json(bot(app)), body: JSON.stringify(body) }) };
    },
  };
}

/** Permission PUTs on one command, cycling through three overwrite sets so any two neighbours differ. */
function permissionEdits(world: CrashWorld, app: { id: string; token: string }, bearer: (url: string) => Promise<string>, command: () => string): Plan {
  const variants = [
    [{ id: world.guild, type: 1, permission: true }],
    [{ id: world.role, type: 1, permission: true }],
    [{ id: world.guild, type: 1, permission: false }, { id: world.role, type: 1, permission: false }],
  ];
  const key = (permissions: unknown[]) => {
    const index = variants.findIndex((variant) => JSON.stringify(variant) === JSON.stringify(permissions));
    return index === -1 ? `unknown ${JSON.stringify(permissions)}` : `variant ${index}`;
  };
  const path = () => `/api/v10/applications/${app.id}/guilds/${world.guild}/commands/${command()}/permissions`;
  return {
    name: 'command permissions (PUT)',
    async read(url) {
      const response = await fetch(`${url}${path()}`, { headers: bot(app) });
      if (response.status === 404) return 'none';
      return key((await readJson<{ permissions: unknown[] }>(response, 'permissions')).permissions);
    },
    next(acked) {
      const index = acked.startsWith('variant ') ? (Number(acked.slice(8)) + 1) % 3 : 0;
      return {
        state: `variant ${index}`, ok: 200,
        send: async (url) => fetch(`${url}${path()}`, {
          method: 'PUT', headers: json({ authorization: `Bearer ${await bearer(url)}` }), body: JSON.stringify({ permissions: variants[index] }),
        }),
      };
    },
  };
}

/** World edits through the management API: renaming a role, and a person's global name. */
function worldEdits(world: CrashWorld): Plan[] {
  const owner = { authorization: world.owner.token };
  return [
    {
      name: 'role name (PUT /_slashbench/guilds/{guild}/roles/{role})',
      async read(url) {
        const roles = await readJson<Array<{ id: string; name: string }>>(await fetch(`${url}/api/v10/guilds/${world.guild}/roles`, { headers: owner }), 'roles');
        return roles.find((role) => role.id === world.role)?.name ?? 'no role';
      },
      next(_acked, k) {
        const name = `role ${k}`;
        return {
          state: name, ok: 200,
          send: (url) => fetch(`${url}/_slashbench/guilds/${world.guild}/roles/${world.role}`, {
            method: 'PUT', headers: json(owner), body: JSON.stringify({ name, permissions: '0' }),
          }),
        };
      },
    },
    {
      name: 'global name (PATCH /_slashbench/users/{id})',
      async read(url) {
        return (await readJson<{ global_name: string | null }>(await fetch(`${url}/api/v10/users/@me`, { headers: owner }), 'users/@me')).global_name ?? 'none';
      },
      next(_acked, k) {
        const name = `name ${k}`;
        return {
          state: name, ok: 200,
          send: (url) => fetch(`${url}/_slashbench/users/${world.owner.id}`, { method: 'PATCH', headers: json(owner), body: JSON.stringify({ global_name: name }) }),
        };
      },
    },
  ];
}

/** The pipelines of one registry's data directory, with their starting states read from it. */
export async function crashPipelines(registry: RegistryProcess, world: CrashWorld, clock: WorkloadClock, problems: string[]): Promise<Pipeline[]> {
  const { url } = registry;
  const [first, second, third] = world.apps;
  // The command whose permissions are edited, registered once; and the Bearer token, kept across restarts.
  const target = await readJson<{ id: string }>(await fetch(`${url}/api/v10/applications/${first!.id}/guilds/${world.guild}/commands`, {
    method: 'POST', headers: json(bot(first!)), body: JSON.stringify({ name: 'guarded', description: 'Its permissions change' }),
  }), 'create guarded');
  // Kept across restarts, and taken again before the clock's days outrun it.
  let bearer = { token: await permissionsToken(url, world), at: clock.offsetMs };
  const currentBearer = async (at: string) => {
    if (clock.offsetMs - bearer.at >= BEARER_KEPT_MS) bearer = { token: await permissionsToken(at, world), at: clock.offsetMs };
    return bearer.token;
  };
  const plans = [
    commandLife(world, second!, 'life-a', clock),
    commandLife(world, third!, 'life-b', clock),
    bulkOverwrites(second!, 'a'),
    bulkOverwrites(third!, 'b'),
    permissionEdits(world, first!, currentBearer, () => target.id),
    ...worldEdits(world),
  ];
  return Promise.all(plans.map(async (plan) => new Pipeline(plan, await plan.read(url), problems)));
}

/**
 * Runs every pipeline until `killAfter` writes in all were acknowledged, then SIGKILLs the
 * process with whatever is in flight. Answers the acknowledged writes of the cycle.
 */
export async function runUntilKilled(registry: RegistryProcess, pipelines: Pipeline[], killAfter: number): Promise<number> {
  let acknowledged = 0;
  let killed: Promise<unknown> | undefined;
  const onAck = () => {
    acknowledged += 1;
    if (acknowledged >= killAfter && !killed) killed = registry.kill('SIGKILL');
  };
  await Promise.all(pipelines.map((pipeline) => pipeline.run(registry.url, () => killed !== undefined, onAck)));
  // A pipeline whose write was refused stops early; the others still reach the kill.
  if (!killed) killed = registry.kill('SIGKILL');
  await killed;
  return acknowledged;
}
