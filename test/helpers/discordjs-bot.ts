/**
 * A discord.js v14 Client logged in to a registry on a real port as one of the fixture's
 * apps, changed only by its REST base URL.
 */
import { once } from 'node:events';
import { Client, Events, GatewayIntentBits } from 'discord.js';
import type { GatewayRegistry } from './gateway-registry.js';

/**
 * Gives the app `token` (one discord.js keeps whole: it strips a leading "bot" from any
 * token, so the fixture's own would lose it) and resolves with its Client once ready.
 * `prepare` runs before the login, to listen for what arrives during it.
 */
export async function readyDiscordJsBot(
  gateway: GatewayRegistry, applicationId: string, token: string, prepare: (bot: Client) => void = () => undefined,
): Promise<Client> {
  const application = await gateway.store.world.application(applicationId);
  if (!application) throw new Error(`the fixture has no app ${applicationId}`);
  await gateway.store.world.putApplication(application, token, null);
  const bot = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: `${gateway.url}/api` } });
  prepare(bot);
  const ready = once(bot, Events.ClientReady);
  try {
    await bot.login(token);
    await ready;
  } catch (error) {
    await bot.destroy();
    throw error;
  }
  return bot;
}
