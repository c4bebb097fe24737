/**
 * Delivery of two registries side by side (bench/interaction-rig.ts each, the baseline's
 * started first): the same invocations, HTTP and gateway, one after another as a user sends
 * them (each to the bot having it), each first in turn, so both see the same machine.
 */
import type { LatencyOptions } from './delivery.js';
import { startInteractionRig, type InteractionRig, type RigOptions } from './interaction-rig.js';
import { interleaved } from './as-a-user.js';
import type { Summary } from './stats.js';

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
  const figures = await interleaved({
    baselineHttp: async () => (await baseline.deliverHttp()).delivered,
    subjectHttp: async () => (await subject.deliverHttp()).delivered,
    baselineGateway: async () => (await baseline.invokeGateway()).delivered,
    subjectGateway: async () => (await subject.invokeGateway()).delivered,
  }, 'alternate', options.iterations, options.warmup, (done) => options.progress(`${label}: ${done}/${options.iterations}`));
  return {
    subject: { http: figures.subjectHttp, gateway: figures.subjectGateway },
    baseline: { http: figures.baselineHttp, gateway: figures.baselineGateway },
  };
}
