// An interactions-endpoint bot: a plain node:http server that checks every request with
// discord-interactions' verifyKey, as on the live service. At start it reads its public key,
// points the app's interactions endpoint at itself and registers its commands. Run it with
//
//   SLASHBENCH_URL=http://127.0.0.1:8484 BOT_TOKEN=<the app's bot token> PORT=3000 node examples/http-bot-node-test/bot.mjs
//
// and test it with `node --test` in this folder (bot.test.mjs).
import { createServer } from 'node:http';
import { once } from 'node:events';
import { pathToFileURL } from 'node:url';
import { InteractionResponseFlags, InteractionResponseType, InteractionType, verifyKey } from 'discord-interactions';

export const COMMANDS = [
  { name: 'ping', description: 'Answers pong' },
  { name: 'remind', description: 'Thinks, then answers, then follows up', options: [{ type: 3, name: 'about', description: 'What', required: true }] },
  { name: 'secret', description: 'Answers only you' },
];

function answer(response, status, body) {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

/** Starts the bot on `port` (0: any free one) against the registry at `url`; resolves with the server once its endpoint and commands are set. */
export async function startHttpBot({ url, token, port = 0 }) {
  const api = `${url}/api/v10`;
  const headers = { Authorization: `Bot ${token}`, 'Content-Type': 'application/json' };
  const call = async (method, path, body) => {
    const response = await fetch(`${api}${path}`, { method, headers, body: body && JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  };
  const application = await call('GET', '/applications/@me');

  // A deferred answer is completed later through the interaction's webhook, as a real bot does.
  const complete = async (interaction) => {
    const about = interaction.data.options.find((option) => option.name === 'about').value;
    const webhook = `/webhooks/${application.id}/${interaction.token}`;
    await call('PATCH', `${webhook}/messages/@original`, { content: `I will remind you about ${about}.` });
    await call('POST', webhook, { content: `Reminder: ${about}!` });
  };

  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const raw = Buffer.concat(chunks);
    const signed = await verifyKey(raw, request.headers['x-signature-ed25519'], request.headers['x-signature-timestamp'], application.verify_key);
    if (!signed) return answer(response, 401, { error: 'invalid request signature' });
    const interaction = JSON.parse(raw.toString('utf8'));
    if (interaction.type === InteractionType.PING) return answer(response, 200, { type: InteractionResponseType.PONG });
    if (interaction.type !== InteractionType.APPLICATION_COMMAND) return answer(response, 400, { error: 'unknown interaction' });
    switch (interaction.data.name) {
      case 'ping':
        return answer(response, 200, { type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE, data: { content: 'Pong!' } });
      case 'remind':
        answer(response, 200, { type: InteractionResponseType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE });
        return complete(interaction).catch((error) => console.error('the bot failed to follow up:', error));
      case 'secret':
        return answer(response, 200, { type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE, data: { content: 'Only you can see this.', flags: InteractionResponseFlags.EPHEMERAL } });
      default:
        return answer(response, 400, { error: 'unknown command' });
    }
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const endpoint = `http://127.0.0.1:${server.address().port}/interactions`;
  await call('PATCH', '/applications/@me', { interactions_endpoint_url: endpoint });
  await call('PUT', `/applications/${application.id}/commands`, COMMANDS);
  return server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const server = await startHttpBot({ url: process.env.SLASHBENCH_URL ?? 'http://127.0.0.1:8484', token: process.env.BOT_TOKEN, port: Number(process.env.PORT ?? 3000) });
  console.log(`ready: endpoint http://127.0.0.1:${server.address().port}/interactions`);
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}
