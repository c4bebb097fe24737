import { fileURLToPath } from 'node:url';
import { describeMatrix } from './scenario.js';

describeMatrix({
  library: 'discordeno 21',
  delivery: 'gateway',
  command: process.execPath,
  args: [fileURLToPath(new URL('./bots/discordeno-bot.mjs', import.meta.url))],
});
