import { fileURLToPath } from 'node:url';
import { describeMatrix } from './scenario.js';

describeMatrix({
  library: 'seyfert 5',
  delivery: 'http',
  command: process.execPath,
  args: [fileURLToPath(new URL('./bots/seyfert/src/index.js', import.meta.url))],
});
