/**
 * Delivery of two registries side by side (bench/interaction-rig.ts each, the baseline's
 * started first): the same invocations, HTTP and gateway, alternating between them so both
 * see the same machine.
 */
import type { LatencyOptions } from './delivery.js';
import { startInteractionRig, type InteractionRig, type RigOptions } from './interaction-rig.js';
import { summarize, type Summary } from './stats.js';

export interface SideBySide {
  subject: { http: Summary; gateway: Summary };
  baseline: { http: Summary; gateway: Summary };
}

export async function deliverySideBySide(rigs: { subject: RigOptions; baseline: RigOptions }, label: string, options: LatencyOptions): Promise<SideBySide> {
  const started: InteractionRig[] = [];
  try {
    const baseline = await startInteractionRig(rigs.baseline);
    started.push(baseline);
    const subject = await startInteractionRig(rigs.subject);
    started.push(subject);
    return await measure(subject, baseline, label, options);
  } finally {
    for (const rig of started.reverse()) await rig.close();
  }
}

async function measure(subject: InteractionRig, baseline: InteractionRig, label: string, options: LatencyOptions): Promise<SideBySide> {
  const samples = { subjectHttp: [] as number[], baselineHttp: [] as number[], subjectGateway: [] as number[], baselineGateway: [] as number[] };
  for (let round = 0; round < options.warmup + options.iterations; round++) {
    const taken = {
      baselineHttp: await baseline.invokeHttp(), subjectHttp: await subject.invokeHttp(),
      baselineGateway: await baseline.invokeGateway(), subjectGateway: await subject.invokeGateway(),
    };
    if (round < options.warmup) continue;
    for (const name of Object.keys(samples) as Array<keyof typeof samples>) samples[name].push(taken[name].delivered);
    if ((round - options.warmup + 1) % 500 === 0) options.progress(`${label}: ${round - options.warmup + 1}/${options.iterations}`);
  }
  return {
    subject: { http: summarize(samples.subjectHttp), gateway: summarize(samples.subjectGateway) },
    baseline: { http: summarize(samples.baselineHttp), gateway: summarize(samples.baselineGateway) },
  };
}
