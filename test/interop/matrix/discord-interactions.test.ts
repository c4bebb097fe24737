import { fileURLToPath } from 'node:url';
import { describeMatrix } from './scenario.js';

describeMatrix({
  library: 'discord-interactions 4',
  delivery: 'http',
  command: process.execPath,
  args: [fileURLToPath(new URL('./bots/discord-interactions-bot.mjs', import.meta.url))],
});
