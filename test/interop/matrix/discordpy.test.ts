import { fileURLToPath } from 'node:url';
import { describeMatrix } from './scenario.js';

// Debian's python3-discord (installed by scripts/install-system-packages.sh) lives in the system
// interpreter; another python3 may come first on PATH.
describeMatrix({
  library: 'discord.py 2.2',
  delivery: 'gateway',
  command: '/usr/bin/python3',
  args: [fileURLToPath(new URL('./bots/discordpy_bot.py', import.meta.url))],
});
