/**
 * Benchmark 3, command reads: `GET /api/v10/applications/{app}/commands` of an app with 100
 * commands under concurrent load, against a bare node:http server answering the very bytes
 * (body and headers) the registry answered, captured once.
 */
import { capture, startReplayServer } from './bare-server.js';
import { typicalCommand } from './commands.js';
import { compareThroughput } from './load.js';
import { api, BrokenRun, startBenchRegistry } from './registry.js';
import type { Row } from './table.js';
import { benchWorld, type BenchApp } from './world.js';

export interface ThroughputOptions {
  connections: number;
  durationSeconds: number;
  rounds: number;
  progress: (message: string) => void;
}

export async function benchCommandReads(options: ThroughputOptions): Promise<Row[]> {
  const world = benchWorld({ appCount: 1, memberCount: 0 });
  const app = world.apps[0] as BenchApp;
  const registry = await startBenchRegistry(world.file);
  try {
    const authorization = `Bot ${app.botToken}`;
    const commands = Array.from({ length: 100 }, (_, index) => typicalCommand(index));
    await api(registry.url, { method: 'PUT', path: `/applications/${app.id}/commands`, authorization, body: commands });
    const url = `${registry.url}/api/v10/applications/${app.id}/commands`;
    const captured = await capture(url, { authorization });
    const listed = JSON.parse(captured.body.toString('utf8')) as unknown[];
    if (captured.status !== 200 || listed.length !== 100) throw new BrokenRun(`the list answered ${captured.status} with ${listed.length} commands`);
    options.progress(`command reads: ${captured.body.length} bytes per answer`);
    const bare = await startReplayServer(captured);
    try {
      const rates = await compareThroughput(url, bare.url, { ...options, headers: { authorization }, label: 'command reads' });
      return [{
        benchmark: '3 command reads (100 commands)', figure: `req/s, ${options.connections} connections`, unit: 'req/s',
        value: rates.subject, baseline: rates.baseline, baselineName: 'bare node:http, same bytes',
        target: { comparison: 'at least', ratio: 0.5 },
      }];
    } finally {
      await bare.close();
    }
  } finally {
    await registry.close();
  }
}
