/**
 * An unmodified bot library against the running registry: @discordjs/rest with the
 * `Routes` of discord-api-types, as a discord.js bot registers its commands, plus a body
 * made by discord.js's SlashCommandBuilder. Errors must reach the library as DiscordAPIError.
 */
import { readFileSync } from 'node:fs';
import { DiscordAPIError, REST, RequestMethod } from '@discordjs/rest';
import {
  ApplicationCommandOptionType, ApplicationCommandType, Routes,
  type APIApplication, type APIApplicationCommand, type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type RESTPostAPIContextMenuApplicationCommandsJSONBody, type RESTPutAPIApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import { SlashCommandBuilder } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupRegistryProcesses, EXAMPLE_WORLD, startRegistryProcess } from '../helpers/registry-process.js';

interface World {
  applications: Array<{ id: string; bot_token: string; flags?: number }>;
  guilds: Array<{ id: string; applications: string[] }>;
}

const world = JSON.parse(readFileSync(EXAMPLE_WORLD, 'utf8')) as World;
const bot = world.applications.find((app) => ((app.flags ?? 0) & (1 << 17)) === 0)!;
const guildId = world.guilds.find((guild) => guild.applications.includes(bot.id))!.id;

const ping: RESTPostAPIChatInputApplicationCommandsJSONBody = {
  name: 'ping',
  description: 'Replies with pong',
  options: [
    { type: ApplicationCommandOptionType.String, name: 'message', description: 'What to send back', required: true, max_length: 200 },
    { type: ApplicationCommandOptionType.Integer, name: 'times', description: 'How many times', min_value: 1, max_value: 5 },
    {
      type: ApplicationCommandOptionType.String, name: 'style', description: 'Reply style',
      choices: [{ name: 'Plain', value: 'plain' }, { name: 'Loud', value: 'loud' }],
    },
  ],
};
const profile: RESTPostAPIContextMenuApplicationCommandsJSONBody = { type: ApplicationCommandType.User, name: 'Show Profile' };
const echo = new SlashCommandBuilder()
  .setName('echo')
  .setDescription('Echoes your text')
  .addStringOption((option) => option.setName('text').setDescription('What to echo').setRequired(true))
  .addBooleanOption((option) => option.setName('ephemeral').setDescription('Only you see the reply'))
  .toJSON();

let rest: REST;
let applicationId: string;

beforeAll(async () => {
  const registry = await startRegistryProcess({ args: ['--world', EXAMPLE_WORLD] });
  // No retries: a refusal must surface at once, and a 5xx is a failure here.
  rest = new REST({ version: '10', api: `${registry.url}/api`, retries: 0 }).setToken(bot.bot_token);
  const application = (await rest.get(Routes.currentApplication())) as APIApplication;
  applicationId = application.id;
});

afterAll(cleanupRegistryProcesses);

function byName(commands: APIApplicationCommand[], name: string): APIApplicationCommand {
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) throw new Error(`no command "${name}" in ${JSON.stringify(commands.map((c) => c.name))}`);
  return command;
}

describe('@discordjs/rest against the registry', () => {
  it('reads the current application', () => {
    expect(applicationId).toBe(bot.id);
  });

  it('bulk overwrites, lists, edits and deletes global commands', async () => {
    const body: RESTPutAPIApplicationCommandsJSONBody = [ping, profile, echo];
    const saved = (await rest.put(Routes.applicationCommands(applicationId), { body })) as APIApplicationCommand[];
    expect(saved.map((command) => [command.type, command.name])).toEqual([
      [ApplicationCommandType.ChatInput, 'ping'],
      [ApplicationCommandType.User, 'Show Profile'],
      [ApplicationCommandType.ChatInput, 'echo'],
    ]);
    for (const command of saved) {
      expect(command).toMatchObject({ application_id: applicationId, id: expect.stringMatching(/^\d+$/), version: expect.stringMatching(/^\d+$/) });
      expect(command).not.toHaveProperty('guild_id');
    }
    expect(byName(saved, 'Show Profile').description).toBe('');
    expect(byName(saved, 'echo').options).toEqual([
      expect.objectContaining({ type: ApplicationCommandOptionType.String, name: 'text', required: true }),
      expect.objectContaining({ type: ApplicationCommandOptionType.Boolean, name: 'ephemeral' }),
    ]);

    const listed = (await rest.get(Routes.applicationCommands(applicationId))) as APIApplicationCommand[];
    expect(listed.map((command) => command.id).sort()).toEqual(saved.map((command) => command.id).sort());
    expect(byName(listed, 'ping').options).toEqual([
      expect.objectContaining({ name: 'message', required: true, max_length: 200 }),
      expect.objectContaining({ name: 'times', min_value: 1, max_value: 5 }),
      expect.objectContaining({ name: 'style', choices: [{ name: 'Plain', value: 'plain' }, { name: 'Loud', value: 'loud' }] }),
    ]);

    const original = byName(saved, 'ping');
    const edited = (await rest.patch(Routes.applicationCommand(applicationId, original.id), {
      body: { description: 'Replies with a louder pong' },
    })) as APIApplicationCommand;
    expect(edited).toMatchObject({ id: original.id, name: 'ping', description: 'Replies with a louder pong' });
    expect(edited.options).toEqual(original.options);
    expect(edited.version).not.toBe(original.version);
    const fetched = (await rest.get(Routes.applicationCommand(applicationId, original.id))) as APIApplicationCommand;
    expect(fetched).toEqual(edited);

    const removed = byName(saved, 'Show Profile');
    const deletion = await rest.queueRequest({ method: RequestMethod.Delete, fullRoute: Routes.applicationCommand(applicationId, removed.id) });
    expect(deletion.status).toBe(204);
    const after = (await rest.get(Routes.applicationCommands(applicationId))) as APIApplicationCommand[];
    expect(after.map((command) => command.name).sort()).toEqual(['echo', 'ping']);

    const gone = await rest.get(Routes.applicationCommand(applicationId, removed.id)).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(DiscordAPIError);
    expect(gone).toMatchObject({ status: 404, code: 10063 });
  });

  it('manages guild commands in the guild the app is installed in', async () => {
    const globalBefore = (await rest.get(Routes.applicationCommands(applicationId))) as APIApplicationCommand[];

    const saved = (await rest.put(Routes.applicationGuildCommands(applicationId, guildId), {
      body: [{ name: 'report', description: 'Report a problem to the moderators' }],
    })) as APIApplicationCommand[];
    expect(saved).toEqual([expect.objectContaining({ name: 'report', guild_id: guildId, application_id: applicationId })]);

    const created = (await rest.post(Routes.applicationGuildCommands(applicationId, guildId), {
      body: { type: ApplicationCommandType.Message, name: 'Quote Message' },
    })) as APIApplicationCommand;
    expect(created).toMatchObject({ name: 'Quote Message', type: ApplicationCommandType.Message, guild_id: guildId, description: '' });

    const listed = (await rest.get(Routes.applicationGuildCommands(applicationId, guildId))) as APIApplicationCommand[];
    expect(listed.map((command) => command.name).sort()).toEqual(['Quote Message', 'report']);

    const deletion = await rest.queueRequest({
      method: RequestMethod.Delete, fullRoute: Routes.applicationGuildCommand(applicationId, guildId, created.id),
    });
    expect(deletion.status).toBe(204);
    // Lists carry the localization dictionaries only when asked, as the PUT answer always does.
    const withLocalizations = new URLSearchParams({ with_localizations: 'true' });
    expect(await rest.get(Routes.applicationGuildCommands(applicationId, guildId), { query: withLocalizations })).toEqual(saved);

    // Guild commands never show up in the global list.
    expect(await rest.get(Routes.applicationCommands(applicationId))).toEqual(globalBefore);
  });

  it('surfaces a refused definition as a DiscordAPIError 50035 with the field path', async () => {
    const single = await rest
      .post(Routes.applicationCommands(applicationId), { body: { name: 'Ping', description: 'Uppercase is not allowed' } })
      .catch((error: unknown) => error);
    expect(single).toBeInstanceOf(DiscordAPIError);
    const error = single as DiscordAPIError;
    expect(error.status).toBe(400);
    expect(error.code).toBe(50035);
    expect(error.rawError).toMatchObject({
      message: 'Invalid Form Body',
      errors: { name: { _errors: [expect.objectContaining({ code: 'APPLICATION_COMMAND_INVALID_NAME' })] } },
    });

    const before = await rest.get(Routes.applicationCommands(applicationId));
    const bulk = await rest
      .put(Routes.applicationCommands(applicationId), {
        body: [ping, { name: 'Bad-Name', description: 'Uppercase again' }],
      })
      .catch((failure: unknown) => failure);
    expect(bulk).toBeInstanceOf(DiscordAPIError);
    expect(bulk).toMatchObject({
      code: 50035,
      rawError: { errors: { 1: { name: { _errors: [expect.objectContaining({ code: 'APPLICATION_COMMAND_INVALID_NAME' })] } } } },
    });
    // The refused overwrite changed nothing.
    expect(await rest.get(Routes.applicationCommands(applicationId))).toEqual(before);
  });
});
