import { fileURLToPath } from 'node:url';
import { describeMatrix } from './scenario.js';

describeMatrix({
  library: 'dressed 1.10',
  delivery: 'http',
  command: process.execPath,
  args: [fileURLToPath(new URL('./bots/dressed/start.js', import.meta.url))],
});
