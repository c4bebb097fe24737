import { fileURLToPath } from 'node:url';
import { describeMatrix } from './scenario.js';

describeMatrix({
  library: 'discord.js 14',
  delivery: 'gateway',
  command: process.execPath,
  args: [fileURLToPath(new URL('./bots/discordjs-bot.mjs', import.meta.url))],
});
