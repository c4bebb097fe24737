/**
 * Benchmark 4b, the command index: `GET /api/v10/guilds/{guild}/application-command-index
 * ?channel_id=` for a member (not an administrator, so every rule runs) of a guild with 10
 * apps of 100 commands each, some needing MANAGE_GUILD, with app-level and command-level
 * permission overwrites (roles, the user, channels). Against a bare node:http server
 * answering the same bytes: the cost of computing the index, not of sending it.
 */
import { capture, startReplayServer } from './bare-server.js';
import { typicalCommand } from './commands.js';
import type { ThroughputOptions } from './command-reads.js';
import { compareThroughput } from './load.js';
import { api, BrokenRun, startBenchRegistry } from './registry.js';
import type { Row } from './table.js';
import { benchWorld, type BenchUser } from './world.js';

const APPS = 10;
const COMMANDS = 100;
const EDIT_PERMISSIONS = 'applications.commands.permissions.update';

export async function benchCommandIndex(options: ThroughputOptions): Promise<Row[]> {
  const world = benchWorld({ appCount: APPS, memberCount: 1 });
  const { guild } = world;
  const member = guild.members[0] as BenchUser;
  const registry = await startBenchRegistry(world.file);
  try {
    for (const app of world.apps) {
      const commands = Array.from({ length: COMMANDS }, (_, index) => ({
        ...typicalCommand(index),
        // Every fifth command is for MANAGE_GUILD holders, unless an overwrite lets the member in.
        default_member_permissions: index % 5 === 0 ? '32' : null,
      }));
      const saved = await api<Array<{ id: string }>>(registry.url, {
        method: 'PUT', path: `/applications/${app.id}/guilds/${guild.id}/commands`, authorization: `Bot ${app.botToken}`, body: commands,
      });
      // The owner's user token with the scope to edit permissions, as after an OAuth2 authorization.
      const bearer = `bench-permissions-${app.id}`;
      await registry.store.tokens.put(bearer, { application_id: app.id, user_id: guild.owner.id, scopes: [EDIT_PERMISSIONS], expires_at: Date.now() + 3_600_000 });
      const setPermissions = (target: string, permissions: unknown[]) => api(registry.url, {
        method: 'PUT', path: `/applications/${app.id}/guilds/${guild.id}/commands/${target}/permissions`,
        authorization: `Bearer ${bearer}`, body: { permissions },
      });
      // App level: everyone allowed, #elsewhere denied.
      await setPermissions(app.id, [
        { id: guild.id, type: 1, permission: true },
        { id: guild.otherChannel, type: 3, permission: false },
      ]);
      for (const [index, command] of saved.entries()) {
        if (index % 4 === 0) {
          await setPermissions(command.id, [
            { id: guild.testerRole, type: 1, permission: true },
            { id: guild.channel, type: 3, permission: true },
          ]);
        } else if (index % 10 === 1) {
          await setPermissions(command.id, [{ id: member.id, type: 2, permission: false }]);
        }
      }
    }
    const url = `${registry.url}/api/v10/guilds/${guild.id}/application-command-index?channel_id=${guild.channel}`;
    const headers = { authorization: member.token };
    const captured = await capture(url, headers);
    const index = JSON.parse(captured.body.toString('utf8')) as { applications?: unknown[]; application_commands?: unknown[] };
    if (captured.status !== 200 || index.applications?.length !== APPS) {
      throw new BrokenRun(`the command index answered ${captured.status}: ${captured.body.toString('utf8').slice(0, 300)}`);
    }
    options.progress(`command index: ${index.application_commands?.length} of ${APPS * COMMANDS} commands shown, ${captured.body.length} bytes`);
    const bare = await startReplayServer(captured);
    try {
      const rates = await compareThroughput(url, bare.url, { ...options, headers, label: 'command index' });
      return [{
        benchmark: `4 command index (${APPS} apps x ${COMMANDS}, overwrites)`, figure: `req/s, ${options.connections} connections`, unit: 'req/s',
        value: rates.subject, baseline: rates.baseline, baselineName: 'bare node:http, same bytes',
      }];
    } finally {
      await bare.close();
    }
  } finally {
    await registry.close();
  }
}
