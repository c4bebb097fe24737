/**
 * Files a test gives for ATTACHMENT options: an option's value `{filename, content_type?,
 * data}` (data in base64, the upload route's JSON form) is uploaded as the client uploads
 * it — `POST /api/v10/channels/{channel}/attachments` as the acting person, before the
 * invocation — and the invocation names it by the upload's id, so the app gets
 * `data.resolved.attachments` with a URL that serves the bytes. An id (a file the test
 * uploaded itself) is sent as it is.
 */
import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import { isJsonObject } from '../../shared/json-object.js';

/** Uploads one file; answers its attachment id. `at` is the option's path, for a refusal. */
export type UploadFile = (file: Record<string, unknown>, at: Array<string | number>) => Promise<string>;

/** The options with every file value uploaded and replaced by its id, in order (subcommands' too). */
export async function uploadOptionFiles(options: unknown, upload: UploadFile, at: Array<string | number> = ['options']): Promise<unknown> {
  if (!Array.isArray(options)) return options;
  const uploaded: unknown[] = [];
  for (const option of options) {
    if (!isJsonObject(option)) {
      uploaded.push(option);
      continue;
    }
    const name = typeof option.name === 'string' ? option.name : uploaded.length;
    if (option.type === ApplicationCommandOptionType.Attachment && isJsonObject(option.value)) {
      uploaded.push({ ...option, value: await upload(option.value, [...at, name]) });
    } else if (Array.isArray(option.options)) {
      uploaded.push({ ...option, options: await uploadOptionFiles(option.options, upload, [...at, name]) });
    } else uploaded.push(option);
  }
  return uploaded;
}
