/**
 * What the registry child really keeps: its resident memory grows as V8 enlarges its heap
 * under allocation pressure whether or not anything is retained, so the load run also asks
 * the child itself, through the inspector it was started with (`--inspect=127.0.0.1:0`),
 * to collect garbage and report `process.memoryUsage()` — the heap that survives a full GC.
 */
import { WebSocket } from 'ws';
import type { RegistryProcess } from '../helpers/registry-process.js';

/** Node's flags for a child the probe can attach to: an inspector on a free loopback port. */
export const INSPECTABLE = ['--inspect=127.0.0.1:0'];

export interface HeapProbe {
  /** Bytes of heap in use after a full garbage collection, and the process's RSS. */
  measure(): Promise<{ heapUsed: number; rss: number }>;
  close(): Promise<void>;
}

/** Attaches to the child's inspector (its address is the first thing it prints on stderr). */
export async function attachHeapProbe(registry: RegistryProcess): Promise<HeapProbe> {
  const address = /Debugger listening on (ws:\/\/\S+)/.exec(registry.stderr())?.[1];
  if (!address) throw new Error(`the registry was not started with ${INSPECTABLE.join(' ')}: ${registry.stderr()}`);
  const socket = new WebSocket(address);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let next = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
    if (message.id !== undefined) pending.delete(message.id);
  });
  const call = (method: string, params: Record<string, unknown> = {}) => new Promise<unknown>((resolve) => {
    const id = ++next;
    pending.set(id, resolve);
    socket.send(JSON.stringify({ id, method, params }));
  });
  return {
    async measure() {
      await call('HeapProfiler.collectGarbage');
      const result = (await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true })) as {
        result: { value: string };
      };
      const usage = JSON.parse(result.result.value) as { heapUsed: number; rss: number };
      return { heapUsed: usage.heapUsed, rss: usage.rss };
    },
    async close() {
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.close();
      await closed;
    },
  };
}

/** One reading during a load run, with how many interactions had been invoked by then. */
export interface MemorySample {
  heapUsed: number;
  rss: number;
  interactions: number;
}

/** Measures every `everyMs` (each reading after the last) until stopped. */
export function sampleMemory(probe: HeapProbe, everyMs: number, interactions: () => number): { stop(): Promise<MemorySample[]> } {
  const samples: MemorySample[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const count = interactions();
      samples.push({ ...(await probe.measure()), interactions: count });
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return samples;
    },
  };
}

/** The median sample (by retained heap) of the first third and of the last third of a run. */
export function memoryThirds(samples: MemorySample[]): { first: MemorySample; last: MemorySample } {
  const third = Math.max(1, Math.floor(samples.length / 3));
  const median = (part: MemorySample[]) => [...part].sort((a, b) => a.heapUsed - b.heapUsed)[Math.floor(part.length / 2)]!;
  return { first: median(samples.slice(0, third)), last: median(samples.slice(-third)) };
}
