import { fileURLToPath } from 'node:url';
import { describeMatrix } from './scenario.js';

describeMatrix({
  library: '@discordjs/core 2 (@discordjs/ws 2, @discordjs/rest 2)',
  delivery: 'gateway',
  command: process.execPath,
  args: [fileURLToPath(new URL('./bots/discordjs-core-bot.mjs', import.meta.url))],
});
