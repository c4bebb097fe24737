/**
 * The client's build reads discord-api-types/v10's constants from a module written at build
 * time (scripts/discord-enums.js), which the bundler can trim to the enums the client uses:
 * each is the package's own value (reverse mappings and bigints included), and its helpers
 * are left out, so a client module importing one fails the build.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

const SCRIPT = new URL('../../scripts/discord-enums.js', import.meta.url).href;

it('writes every plain-data constant of the package as it is, and none of its helpers', async () => {
  const { discordEnumsSource } = (await import(SCRIPT)) as { discordEnumsSource(exports: object): string };
  const real = createRequire(import.meta.url)('discord-api-types/v10') as Record<string, unknown>;
  const directory = await mkdtemp(join(tmpdir(), 'slashbench-discord-enums-'));
  try {
    const file = join(directory, 'v10.mjs');
    await writeFile(file, discordEnumsSource(real));
    const written = { ...(await import(pathToFileURL(file).href) as Record<string, unknown>) };
    // The ones the client reads, then every one written.
    for (const name of ['ApplicationCommandOptionType', 'ApplicationCommandType', 'ComponentType', 'EmbedType', 'InteractionType', 'MessageType', 'PermissionFlagsBits', 'ChannelType', 'ApplicationFlags']) {
      expect(written[name], name).toEqual(real[name]);
    }
    expect(Object.keys(written).length).toBeGreaterThan(100);
    for (const [name, value] of Object.entries(written)) expect(value, name).toEqual(real[name]);
    for (const helper of ['Routes', 'Utils', 'CDNRoutes', 'FormattingPatterns']) expect(written, helper).not.toHaveProperty(helper);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
});
