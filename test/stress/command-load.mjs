// The command-route load generator of the load runs, as its own process: `load-rig.ts`
// starts it under `nice` so that, on a machine with few cores, it takes only the CPU the
// registry and the bots leave (a generator that starves what it measures measures itself).
// Argument: a JSON spec for autocannon (url, connections, duration, headers, requests, timeout).
// Prints one JSON line: requests, errors (connection errors and timeouts), non2xx, statuses, seconds.
import autocannon from 'autocannon';

const spec = JSON.parse(process.argv[2] ?? '{}');
const result = await autocannon(spec);
const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count ?? 0]));
process.stdout.write(`${JSON.stringify({
  requests: result.requests.total, errors: result.errors, non2xx: result.non2xx, statuses, seconds: result.duration,
})}\n`);
