// seyfert.config.mjs at the project's root, as seyfert's guide writes it for an HTTP bot
// (getting-started/setup-project, "HTTP" tab): `config.http` with the token, the
// application's id, its public key and the port the interactions endpoint listens on.
import { config } from 'seyfert';

const { BOT_TOKEN, APPLICATION_ID, PUBLIC_KEY, PORT } = process.env;

export default config.http({
  token: BOT_TOKEN,
  locations: {
    base: 'src', // the guide's "dist" is the output of its TypeScript build; this bot is plain JavaScript
    commands: 'commands',
    components: 'components',
  },
  applicationId: APPLICATION_ID,
  port: Number(PORT),
  publicKey: PUBLIC_KEY,
});
