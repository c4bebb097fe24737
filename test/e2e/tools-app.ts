/**
 * The Example Bot's commands for the client's tools tests (test/e2e/client-tools.test.ts),
 * kept apart from example-app.ts so the main client tests keep their app as it is: a USER
 * command for the member list, a message with user, role and channel selects, an
 * ATTACHMENT option whose file the bot fetches, and an admin-only command people without
 * ADMINISTRATOR do not see.
 */
import type { InteractionHandler } from '../helpers/scripted-bot.js';

export const TOOL_COMMANDS = [
  { type: 2, name: 'Wave' },
  { name: 'pick', description: 'Answer with select menus' },
  { name: 'upload', description: 'Send the bot a file', options: [{ type: 11, name: 'file', description: 'The file', required: true }] },
  { name: 'purge', description: 'Administrators only', default_member_permissions: '8' },
];

/** The message `/pick` answers with: a user select (1-2), a channel select of text channels, a role select. */
export const PICK_ROWS = [
  { type: 1, components: [{ type: 5, custom_id: 'pick-people', placeholder: 'Pick people', min_values: 1, max_values: 2 }] },
  { type: 1, components: [{ type: 8, custom_id: 'pick-channel', placeholder: 'Pick a text channel', channel_types: [0] }] },
  { type: 1, components: [{ type: 6, custom_id: 'pick-role', placeholder: 'Pick a role' }] },
];

interface Resolved {
  users?: Record<string, { username: string; global_name?: string | null }>;
  roles?: Record<string, { name: string }>;
  channels?: Record<string, { name: string }>;
  attachments?: Record<string, { filename: string; size: number; url: string }>;
}

/** Names of what a select resolved, in the order chosen. */
function pickedNames(values: string[], resolved: Resolved): string {
  return values.map((id) => {
    const user = resolved.users?.[id];
    if (user) return user.global_name ?? user.username;
    const channel = resolved.channels?.[id];
    if (channel) return `#${channel.name}`;
    return resolved.roles?.[id] ? `@${resolved.roles[id].name}` : `?${id}`;
  }).join(', ');
}

export function toolsHandler(): InteractionHandler {
  return async (interaction, bot) => {
    const data = interaction.data as { type?: number; name?: string; target_id?: string; values?: string[]; resolved?: Resolved; options?: Array<{ value: string }> };
    const answer = (content: string, extra: Record<string, unknown> = {}) => bot.respond(interaction, { type: 4, data: { content, ...extra } });
    if (interaction.type === 3) {
      await answer(`You picked ${pickedNames(data.values ?? [], data.resolved ?? {})}`);
      return;
    }
    if (data.type === 2) {
      const target = data.resolved?.users?.[String(data.target_id)];
      await answer(`Waving at ${target?.global_name ?? target?.username ?? '?'}!`);
      return;
    }
    if (data.name === 'pick') {
      await answer('Choose below.', { components: PICK_ROWS });
      return;
    }
    if (data.name === 'upload') {
      const file = data.resolved?.attachments?.[String(data.options?.[0]?.value)];
      // The URL is the credential: the bot fetches it with no token, as from the CDN.
      const text = file ? await (await fetch(file.url)).text() : '';
      await answer(`Got ${file?.filename ?? '?'} (${file?.size ?? 0} bytes): ${text}`);
      return;
    }
    await answer(`Done: /${String(data.name)}`);
  };
}
