import { fileURLToPath } from 'node:url';
import { describeMatrix } from './scenario.js';

describeMatrix({
  library: 'oceanic.js 1.15',
  delivery: 'gateway',
  command: process.execPath,
  args: [fileURLToPath(new URL('./bots/oceanic-bot.mjs', import.meta.url))],
});
