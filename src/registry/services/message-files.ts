/**
 * A message's files, from the request to the store (message-facts.md, "Files"): the
 * `attachments` plan checked, each new file given an id, a URL, its media type and (for
 * images) its width and height read by `image-size`, `attachment://` references resolved,
 * what the service fills in added (message-defaults.ts),
 * and the rows kept with the message in the same transaction. Every route a bot sends a
 * message through calls `prepareMessageFiles` after the message rules and before storing,
 * so a refused message stores nothing.
 */
import { randomBytes } from 'node:crypto';
import { imageSize } from 'image-size';
import type { APIAttachment } from 'discord-api-types/v10';
import type { FieldPath } from '../../shared/command-rules/error-tree.js';
import { filesStillShown, resolveAttachmentReferences } from '../domain/attachment-references.js';
import { embedAsSent } from '../domain/embed-as-sent.js';
import { withServiceDefaults } from '../domain/message-defaults.js';
import { messageAttachmentView } from '../domain/attachment-view.js';
import { planAttachments } from '../domain/message-attachments.js';
import type { MessageUpload } from '../http/request-files.js';
import { invalidFormBody } from '../http/service-error.js';
import type { MessageData } from '../interactions/message-data.js';
import type { AttachmentRecord } from '../store/attachment-store.js';
import type { MessageRecord } from '../store/records.js';
import type { Store } from '../store/store.js';

/** A checked message with the attachments it will be stored with (undefined: an edit leaves them). */
export type OutgoingMessage = MessageData & { attachments?: Array<Record<string, unknown>> };

/** A new file's row and bytes, stored once its message is. */
export interface FileRow {
  record: AttachmentRecord;
  bytes: Buffer;
}

/** What a message's files need to know of where it goes. */
export interface FileTarget {
  /** The message body as sent (where `attachments` and the references are). */
  body: unknown;
  /** The error prefix: `['data']` for callbacks. */
  at: FieldPath;
  channelId: string;
  /** Who sends it: the bot's user. */
  uploaderId: string;
  ephemeral: boolean;
  /** On an edit, the message as it is. */
  existing?: MessageRecord;
}

/** The image's size, or nothing for what image-size does not know as an image. */
function imageFacts(bytes: Buffer): { width?: number; height?: number; type?: string } {
  try {
    const { width, height, type } = imageSize(bytes);
    return { width, height, ...(type === undefined ? {} : { type }) };
  } catch {
    return {};
  }
}

/** The media type of an image a part did not label, from what image-size read. */
function imageType(type: string | undefined): string | null {
  if (type === undefined) return null;
  return type === 'jpg' ? 'image/jpeg' : type === 'svg' ? 'image/svg+xml' : `image/${type}`;
}

/** The attachments a stored message lists, as views (what the store keeps is their JSON). */
function listed(message: MessageRecord | undefined): APIAttachment[] {
  return (message?.attachments ?? []).flatMap((entry) => {
    const { id, filename, size, url, proxy_url } = entry;
    if (typeof id !== 'string' || typeof filename !== 'string' || typeof url !== 'string') return [];
    return [{ ...entry, id, filename, url, size: typeof size === 'number' ? size : 0, proxy_url: typeof proxy_url === 'string' ? proxy_url : url }];
  });
}

/**
 * The message with its files: new uploads become attachments (or the media their
 * references name), kept ones stay, left-out ones go. Throws the 50035 of a bad
 * `attachments` array; stores nothing.
 */
export function prepareMessageFiles(
  services: { nextId: () => string; now: () => number }, upload: MessageUpload, target: FileTarget, data: MessageData,
): { message: OutgoingMessage; rows: FileRow[] } {
  const before = listed(target.existing);
  const plan = planAttachments(target.body, upload.files, new Set(before.map((entry) => entry.id)), target.at);
  if (!plan.ok) throw invalidFormBody(plan.errors);
  const rows: FileRow[] = [];
  const added = plan.value.uploads.map(({ file, filename, description, title }) => {
    const image = imageFacts(file.bytes);
    const record: AttachmentRecord = {
      id: services.nextId(), channel_id: target.channelId, uploader_id: target.uploaderId, filename,
      content_type: file.contentType ?? imageType(image.type), size: file.bytes.length,
      url_key: randomBytes(16).toString('hex'), created_at: services.now(), used_by_interaction: null, message_id: null,
    };
    rows.push({ record, bytes: file.bytes });
    return messageAttachmentView(record, upload.origin, {
      ephemeral: target.ephemeral, ...(description === undefined ? {} : { description }), ...(title === undefined ? {} : { title }),
      ...(image.width === undefined || image.height === undefined ? {} : { width: image.width, height: image.height }),
    });
  });
  const { keep } = plan.value;
  const kept = keep === undefined ? before : before.filter((entry) => keep.includes(entry.id));
  const available = [...kept, ...added];
  const embeds = data.embeds?.map(embedAsSent);
  const resolved = resolveAttachmentReferences({ ...(embeds ? { embeds } : {}), ...(data.components ? { components: data.components } : {}) }, available);
  const complete = withServiceDefaults(resolved, services.nextId);
  // An edit that names no files and lists no attachments leaves the message's as they are.
  const unchanged = target.existing !== undefined && keep === undefined && added.length === 0;
  const message: OutgoingMessage = {
    ...data,
    ...(complete.embeds ? { embeds: complete.embeds } : {}),
    ...(complete.components ? { components: complete.components } : {}),
    ...(unchanged ? {} : { attachments: available.filter((entry) => !resolved.used.has(entry.id)).map((entry) => ({ ...entry })) }),
  };
  return { message, rows };
}

/**
 * Stores a message's new files with it, and drops those the message no longer shows (left
 * out of an edit's `attachments`, or their embed replaced). Call inside the transaction
 * that stores the message.
 */
export async function storeMessageFiles(store: Store, message: MessageRecord, rows: readonly FileRow[]): Promise<void> {
  for (const { record, bytes } of rows) await store.attachments.put({ ...record, message_id: message.id }, bytes);
  const ids = await store.attachments.messageFileIds(message.id);
  const shown = filesStillShown(message, ids);
  const gone = ids.filter((id) => !shown.has(id));
  if (gone.length > 0) await store.attachments.deleteMessageFiles(message.id, gone);
}
