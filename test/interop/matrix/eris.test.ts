import { fileURLToPath } from 'node:url';
import { describeMatrix } from './scenario.js';

describeMatrix({
  library: 'eris 0.18',
  delivery: 'gateway',
  command: process.execPath,
  args: [fileURLToPath(new URL('./bots/eris-bot.mjs', import.meta.url))],
});
