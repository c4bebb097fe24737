/**
 * What `npm run bench -- --only delivery --profile` writes from the CPU profile of HTTP
 * delivery's registry, measured as a user measures it: the hot path (only the samples
 * between each invocation's POST and the bot having the interaction, with whatever of the
 * last interaction was still running then) and everything the registry did while the
 * benchmark measured (the inline answers applied, the rows written, the events): a Markdown
 * file of tables and a flame graph of each.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { profileTables, readProfile, type Window } from './cpu-profile.js';
import { flameGraphSvg } from './flame-graph.js';

export interface ProfiledRun {
  /** The .cpuprofile the registry wrote when it stopped. */
  profile: string;
  /** From the first measured round to the last. */
  measured: Window;
  /** Each HTTP invocation's stretch from the client's POST to the bot's receipt. */
  hotPath: Window[];
  iterations: number;
}

/** Writes delivery-top.md, delivery-flame.svg (the hot path) and delivery-flame-all.svg into `directory`. */
export async function writeDeliveryProfile(directory: string, run: ProfiledRun): Promise<void> {
  const hot = await readProfile(run.profile, run.hotPath);
  const all = await readProfile(run.profile, [run.measured]);
  const hotTitle = `The registry's hot path: ${run.iterations} HTTP invocations, from the client's POST to the bot having the interaction`;
  const allTitle = `Everything the registry did during the ${run.iterations} measured rounds (invocations, inline answers applied, rows, events)`;
  await writeFile(join(directory, 'delivery-top.md'), `# ${hotTitle}\n\n${profileTables(hot)}\n\n# ${allTitle}\n\n${profileTables(all)}\n`);
  await writeFile(join(directory, 'delivery-flame.svg'), flameGraphSvg(hot, hotTitle));
  await writeFile(join(directory, 'delivery-flame-all.svg'), flameGraphSvg(all, allTitle));
}
