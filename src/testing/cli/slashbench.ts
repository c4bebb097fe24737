#!/usr/bin/env node
/**
 * The `slashbench` command of the installed package: `slashbench serve` runs the registry
 * (the flags of `npm run serve`), `slashbench replay scenario.json` replays a recorded
 * session against a bot (replay-command.ts).
 */
import { REPLAY_USAGE, replayCommand } from '../replay/replay-command.js';

const USAGE = `usage: slashbench serve [--host H] [--port N] [--data DIR] [--world FILE] [--route-limit N] [--test-clock | --held-clock]
       ${REPLAY_USAGE.replace('usage: ', '')}`;

const [command, ...rest] = process.argv.slice(2);
switch (command) {
  case 'serve':
    // The registry's CLI reads its flags from process.argv, as `npm run serve` passes them.
    process.argv = [process.argv[0] as string, process.argv[1] as string, ...rest];
    await import('../../registry/cli.js');
    break;
  case 'replay':
    // Exits once the report is out: nothing of the bench or the bot is left to wait for.
    process.exit(await replayCommand(rest));
    break;
  case undefined:
  case 'help':
  case '--help':
  case '-h':
    console.log(USAGE);
    break;
  default:
    console.error(`slashbench: unknown command "${command}"\n${USAGE}`);
    process.exitCode = 2;
}
