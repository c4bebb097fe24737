import { fileURLToPath } from 'node:url';
import { describeMatrix } from './scenario.js';

describeMatrix({
  library: '@buape/carbon 0.16',
  delivery: 'http',
  command: process.execPath,
  args: [fileURLToPath(new URL('./bots/carbon-bot.mjs', import.meta.url))],
});
