/**
 * A message's files, under its text as the real client lays them out: images and videos
 * inline at their own size (within a box), other files as cards with their name, size and
 * a download link; a spoiler file (`SPOILER_` name or the flag) stays covered until clicked.
 */
import type { APIAttachment } from 'discord-api-types/v10';
import { MEDIA_BOX, isSpoilerFile } from './media.js';
import { MediaItem, SpoilerCover } from './MediaParts.js';

export function MessageAttachments({ attachments }: { attachments: readonly APIAttachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <div className="attachments" data-testid="attachments">
      {attachments.map((file) => (
        <div key={file.id} className="attachment" data-testid="attachment" data-filename={file.filename}>
          <SpoilerCover hidden={isSpoilerFile(file)}>
            <MediaItem media={file} name={file.filename} size={file.size} box={MEDIA_BOX.attachment} alt={file.description ?? file.title ?? file.filename} />
          </SpoilerCover>
        </div>
      ))}
    </div>
  );
}
