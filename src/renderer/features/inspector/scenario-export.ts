/**
 * "Export scenario": the inspector's interactions and the registry's world as a scenario
 * file (`src/shared/scenario`), which `slashbench replay` runs again against the bot and
 * compares, step by step, with what was recorded here. A file option's file is read back
 * from the registry and carried in the scenario, so the replay can upload it again.
 */
import { ATTACHMENT_SIZE_LIMIT } from '../../../shared/attachment-limits.js';
import { attachmentIds, recordScenario, type RecordedInteraction } from '../../../shared/scenario/record.js';
import type { RecordedFile } from '../../../shared/scenario/scenario-file.js';
import type { WorldFile } from '../../../shared/world-file.js';
import type { RestAnswer } from '../../store/deps.js';

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

/** A file's bytes in base64, a slice at a time (a whole file's characters overflow the call stack as arguments). */
async function base64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

interface DeliveredAttachment {
  filename?: unknown;
  content_type?: unknown;
  size?: unknown;
  url?: unknown;
}

/**
 * The files the entries' file options named, by attachment id, read back with `read` from
 * the URL the app was given (the delivered payload's `data.resolved.attachments`). A file
 * not delivered, past the limit or no longer served is left out; its step is skipped.
 */
export async function recordedFiles(entries: readonly RecordedInteraction[], read: (url: string) => Promise<RestAnswer<Blob>>): Promise<Map<string, RecordedFile>> {
  const files = new Map<string, RecordedFile>();
  for (const entry of entries) {
    if (entry.request.type !== 2) continue;
    const ids = attachmentIds(entry.request.data.options);
    if (ids.length === 0) continue;
    const delivery = entry.events.find((event) => event.type === 'INTERACTION_DELIVERY')?.data.payload as { data?: { resolved?: { attachments?: Record<string, DeliveredAttachment> } } } | undefined;
    for (const id of ids) {
      const attachment = delivery?.data?.resolved?.attachments?.[id];
      if (typeof attachment?.url !== 'string' || typeof attachment.filename !== 'string' || Number(attachment.size) > ATTACHMENT_SIZE_LIMIT) continue;
      const answer = await read(attachment.url);
      if (!answer.ok || answer.body.size > ATTACHMENT_SIZE_LIMIT) continue;
      files.set(id, {
        filename: attachment.filename, ...(typeof attachment.content_type === 'string' ? { content_type: attachment.content_type } : {}), data: await base64(answer.body),
      });
    }
  }
  return files;
}

/** The scenario of `entries` in `world`, made at `now`, with the files their file options carried. */
export function scenarioFile(entries: readonly RecordedInteraction[], world: WorldFile, now: number, files: ReadonlyMap<string, RecordedFile> = new Map()): ScenarioExport {
  const { scenario, skipped } = recordScenario(entries, world, { now, files });
  return { filename: `slashbench-scenario-${stamp(now)}.json`, json: `${JSON.stringify(scenario, null, 2)}\n`, skipped };
}
