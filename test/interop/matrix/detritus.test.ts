import { fileURLToPath } from 'node:url';
import { describeMatrix } from './scenario.js';

describeMatrix({
  library: 'detritus-client 0.17',
  delivery: 'gateway',
  command: process.execPath,
  args: [fileURLToPath(new URL('./bots/detritus-bot.mjs', import.meta.url))],
});
