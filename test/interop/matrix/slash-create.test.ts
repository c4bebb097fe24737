import { fileURLToPath } from 'node:url';
import { describeMatrix } from './scenario.js';

describeMatrix({
  library: 'slash-create 7',
  delivery: 'http',
  command: process.execPath,
  args: [fileURLToPath(new URL('./bots/slash-create-bot.mjs', import.meta.url))],
});
