// The matrix bot for discord-interactions: an interactions endpoint written the way the
// library's README and Discord's example app (discord/discord-example-app) write one —
// express, `verifyKeyMiddleware(PUBLIC_KEY)` on POST /interactions, inline answers with
// `res.send`, and plain fetch through a small `DiscordRequest` helper for REST.
// The one change from a production bot: the API's root comes from SLASHBENCH_URL.
import express from 'express';
import {
  ButtonStyleTypes,
  InteractionResponseType,
  InteractionType,
  MessageComponentTypes,
  TextStyleTypes,
  verifyKeyMiddleware,
} from 'discord-interactions';

const { SLASHBENCH_URL, BOT_TOKEN, APPLICATION_ID, PUBLIC_KEY, GUILD_ID, PORT } = process.env;

// Discord's example app has 'https://discord.com/api/v10/' here.
const API_ROOT = `${SLASHBENCH_URL}/api/v10/`;

/** The example app's REST helper: JSON in, the Response out, API errors thrown. */
async function DiscordRequest(endpoint, options) {
  const url = API_ROOT + endpoint;
  if (options.body) options.body = JSON.stringify(options.body);
  const res = await fetch(url, {
    headers: {
      Authorization: `Bot ${BOT_TOKEN}`,
      'Content-Type': 'application/json; charset=UTF-8',
      'User-Agent': 'DiscordBot (https://github.com/discord/discord-example-app, 1.0.0)',
    },
    ...options,
  });
  if (!res.ok) {
    const data = await res.json();
    throw new Error(`${res.status} ${JSON.stringify(data)}`);
  }
  return res;
}

const FRUITS = ['apple', 'apricot', 'banana', 'blueberry', 'cherry'];

const GLOBAL_COMMANDS = [
  {
    name: 'echo',
    description: 'Says it back',
    type: 1,
    options: [
      { name: 'text', description: 'What to say', type: 3, required: true },
      { name: 'times', description: 'How many times', type: 4, min_value: 1, max_value: 3 },
      { name: 'fruit', description: 'A fruit', type: 3, autocomplete: true },
    ],
  },
  { name: 'slow', description: 'Thinks before it answers', type: 1 },
  { name: 'buttons', description: 'Shows a button', type: 1 },
  { name: 'ask', description: 'Asks for feedback', type: 1 },
  { name: 'report', description: 'Sends a report', type: 1 },
  { name: 'Wave', type: 2 },
  { name: 'Quote', type: 3 },
];

const PING_COMMAND = { name: 'ping', description: 'Checks the bot', type: 1 };

/** The user behind an interaction: `member.user` in a guild, `user` in a DM. */
const invoker = (interaction) => interaction.member?.user ?? interaction.user;

const option = (data, name) => data.options?.find((entry) => entry.name === name)?.value;

const reply = (res, content) => res.send({
  type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE,
  data: { content },
});

/**
 * An inline answer with a file: Discord's docs let an endpoint answer multipart/form-data,
 * the interaction response in `payload_json` and the file in `files[0]`.
 */
async function sendWithFile(res, data, filename, text) {
  const form = new FormData();
  form.set('payload_json', JSON.stringify({
    type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE,
    data: { ...data, attachments: [{ id: 0, filename }] },
  }));
  form.set('files[0]', new Blob([text], { type: 'text/plain' }), filename);
  const body = new Response(form);
  res.set('Content-Type', body.headers.get('content-type')).send(Buffer.from(await body.arrayBuffer()));
}

/** /slow: the deferred answer is already sent; edit it, then follow up. */
async function finishSlow(token) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  await DiscordRequest(`webhooks/${APPLICATION_ID}/${token}/messages/@original`, {
    method: 'PATCH',
    body: { content: 'Done thinking.' },
  });
  await DiscordRequest(`webhooks/${APPLICATION_ID}/${token}`, {
    method: 'POST',
    body: { content: 'And one more thing.' },
  });
}

function answerCommand(interaction, res) {
  const { data } = interaction;
  switch (data.name) {
    case 'echo': {
      const text = option(data, 'text');
      const times = option(data, 'times') ?? 1;
      return reply(res, `You said: ${Array(times).fill(text).join(' ')}`);
    }
    case 'slow':
      res.send({ type: InteractionResponseType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE });
      finishSlow(interaction.token).catch((error) => console.error(`HANDLER-ERROR slow: ${error.message}`));
      return undefined;
    case 'buttons':
      return res.send({
        type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE,
        data: {
          content: 'Press the button',
          components: [{
            type: MessageComponentTypes.ACTION_ROW,
            components: [{
              type: MessageComponentTypes.BUTTON,
              style: ButtonStyleTypes.PRIMARY,
              label: 'Hello',
              custom_id: 'hello',
            }],
          }],
        },
      });
    case 'ask':
      return res.send({
        type: InteractionResponseType.MODAL,
        data: {
          custom_id: 'feedback',
          title: 'Feedback',
          components: [{
            type: MessageComponentTypes.ACTION_ROW,
            components: [{
              type: MessageComponentTypes.INPUT_TEXT,
              custom_id: 'reason',
              label: 'Reason',
              style: TextStyleTypes.SHORT,
              required: true,
            }],
          }],
        },
      });
    case 'Wave': {
      const target = data.resolved.users[data.target_id];
      return reply(res, `${invoker(interaction).username} waves at ${target.username}`);
    }
    case 'Quote':
      return reply(res, `Quoted: ${data.resolved.messages[data.target_id].content}`);
    case 'report':
      sendWithFile(res, { content: 'Here is the report' }, 'report.txt', 'Report: all good\n')
        .catch((error) => console.error(`HANDLER-ERROR report: ${error.message}`));
      return undefined;
    case 'ping':
      return reply(res, 'Pong!');
    default:
      throw new Error(`unknown command ${data.name}`);
  }
}

function answerAutocomplete(interaction, res) {
  const focused = interaction.data.options.find((entry) => entry.focused);
  const typed = String(focused?.value ?? '');
  const choices = FRUITS.filter((fruit) => fruit.startsWith(typed)).map((fruit) => ({ name: fruit, value: fruit }));
  return res.send({ type: InteractionResponseType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT, data: { choices } });
}

function answerComponent(interaction, res) {
  if (interaction.data.custom_id !== 'hello') throw new Error(`unknown component ${interaction.data.custom_id}`);
  return reply(res, `Hello, ${invoker(interaction).username}!`);
}

function answerModal(interaction, res) {
  if (interaction.data.custom_id !== 'feedback') throw new Error(`unknown modal ${interaction.data.custom_id}`);
  const inputs = interaction.data.components.flatMap((row) => row.components);
  const reason = inputs.find((input) => input.custom_id === 'reason').value;
  return reply(res, `Thanks for the feedback: ${reason}`);
}

const app = express();

// The README's shape: the middleware verifies the signature and answers PINGs itself.
app.post('/interactions', verifyKeyMiddleware(PUBLIC_KEY), (req, res) => {
  const interaction = req.body;
  try {
    switch (interaction.type) {
      case InteractionType.APPLICATION_COMMAND:
        return answerCommand(interaction, res);
      case InteractionType.APPLICATION_COMMAND_AUTOCOMPLETE:
        return answerAutocomplete(interaction, res);
      case InteractionType.MESSAGE_COMPONENT:
        return answerComponent(interaction, res);
      case InteractionType.MODAL_SUBMIT:
        return answerModal(interaction, res);
      default:
        throw new Error(`unknown interaction type ${interaction.type}`);
    }
  } catch (error) {
    console.error(`HANDLER-ERROR ${error.message}`);
    return res.status(400).json({ error: 'unknown interaction' });
  }
});

/** Registers (bulk overwrite globally, one create in the guild), then reads both back. */
async function installCommands() {
  await DiscordRequest(`applications/${APPLICATION_ID}/commands`, { method: 'PUT', body: GLOBAL_COMMANDS });
  await DiscordRequest(`applications/${APPLICATION_ID}/guilds/${GUILD_ID}/commands`, { method: 'POST', body: PING_COMMAND });
  const read = async (endpoint) => {
    const commands = await (await DiscordRequest(endpoint, { method: 'GET' })).json();
    return commands.map((command) => command.name).sort();
  };
  return {
    global: await read(`applications/${APPLICATION_ID}/commands`),
    guild: await read(`applications/${APPLICATION_ID}/guilds/${GUILD_ID}/commands`),
  };
}

const server = app.listen(Number(PORT), '127.0.0.1', async (error) => {
  if (error) throw error;
  try {
    const names = await installCommands();
    console.log(`READY ${JSON.stringify(names)}`);
  } catch (failure) {
    console.error(`HANDLER-ERROR registration: ${failure.message}`);
    server.close();
    process.exitCode = 1;
  }
});
