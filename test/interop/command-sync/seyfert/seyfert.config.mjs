// seyfert.config.mjs at the project's root, as seyfert's guide writes it for an HTTP bot.
import { config } from 'seyfert';

const { BOT_TOKEN, APPLICATION_ID, PUBLIC_KEY } = process.env;

export default config.http({
  token: BOT_TOKEN,
  locations: { base: 'src', commands: 'commands' },
  applicationId: APPLICATION_ID,
  // No interactions are served here: this bot only registers its commands.
  port: 0,
  publicKey: PUBLIC_KEY,
});
