// An interactions-endpoint bot: a plain node:http server checking every request with
// discord-interactions' verifyKey, as on the live service. At start it reads its public key,
// points the app's interactions endpoint at itself (the registry sends a signed PING to
// check it) and registers /hello.
//
//   SLASHBENCH_URL=http://127.0.0.1:8484 BOT_TOKEN=<the app's bot token> PORT=3000 node examples/hello-http-bot.mjs
import { createServer } from 'node:http';
import { InteractionResponseType, InteractionType, verifyKey } from 'discord-interactions';

const api = `${process.env.SLASHBENCH_URL ?? 'http://127.0.0.1:8484'}/api/v10`;
const token = process.env.BOT_TOKEN ?? '';
const headers = { Authorization: `Bot ${token.replace(/^Bot /, '')}`, 'Content-Type': 'application/json' };

async function call(method, path, body) {
  const response = await fetch(`${api}${path}`, { method, headers, body: body && JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

const application = await call('GET', '/applications/@me');

function answer(response, status, body) {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

const server = createServer(async (request, response) => {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const raw = Buffer.concat(chunks);
  const signed = await verifyKey(raw, request.headers['x-signature-ed25519'], request.headers['x-signature-timestamp'], application.verify_key);
  if (!signed) return answer(response, 401, { error: 'invalid request signature' });
  const interaction = JSON.parse(raw.toString('utf8'));
  if (interaction.type === InteractionType.PING) return answer(response, 200, { type: InteractionResponseType.PONG });
  if (interaction.type === InteractionType.APPLICATION_COMMAND && interaction.data.name === 'hello') {
    const user = interaction.member?.user ?? interaction.user;
    const name = interaction.data.options?.find((option) => option.name === 'name')?.value ?? user.username;
    return answer(response, 200, { type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE, data: { content: `Hello, ${name}!` } });
  }
  answer(response, 400, { error: 'unknown interaction' });
});

server.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', async () => {
  const endpoint = `http://127.0.0.1:${server.address().port}/interactions`;
  await call('PATCH', '/applications/@me', { interactions_endpoint_url: endpoint });
  await call('PUT', `/applications/${application.id}/commands`, [{
    name: 'hello', description: 'Says hello', options: [{ type: 3, name: 'name', description: 'Who to greet' }],
  }]);
  console.log(`ready: /hello registered for application ${application.id}, endpoint ${endpoint}`);
});
