/**
 * "Export scenario": the inspector's interactions and the registry's world as a scenario
 * file (`src/shared/scenario`), which `slashbench replay` runs again against the bot and
 * compares, step by step, with what was recorded here.
 */
import { recordScenario, type RecordedInteraction } from '../../../shared/scenario/record.js';
import type { WorldFile } from '../../../shared/world-file.js';

export interface ScenarioExport {
  filename: string;
  json: string;
  /** Interactions left out, each with why. */
  skipped: string[];
}

/** `20261122-010306`, the moment in characters every file system accepts. */
function stamp(time: number): string {
  const iso = new Date(time).toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}`;
}

/** The scenario of `entries` in `world`, made at `now`. */
export function scenarioFile(entries: readonly RecordedInteraction[], world: WorldFile, now: number): ScenarioExport {
  const { scenario, skipped } = recordScenario(entries, world, { now });
  return { filename: `slashbench-scenario-${stamp(now)}.json`, json: `${JSON.stringify(scenario, null, 2)}\n`, skipped };
}
