/**
 * An embed whole, as the real client shows it: the colour bar, the author (icon, name,
 * link), the title (a link when it has a url), the description and field values in
 * markdown (a field's value without headings, as the client draws it), the inline field
 * grid, the thumbnail beside them, the image below, and the footer (icon, text, time). What only the service sets, on links it unfurled: the provider
 * ("YouTube") above the author, a video playing in place of the image, and a GIF (`gifv`)
 * shown alone, playing as a GIF.
 */
import { EmbedType, type APIEmbed, type APIEmbedImage, type APIEmbedThumbnail, type APIEmbedVideo } from 'discord-api-types/v10';
import { useApp } from '../../app/store-context.js';
import { embedColor, fieldColumns } from './embed-layout.js';
import { ExternalLink, safeHref } from './markdown/markdown-parts.js';
import { calendarTime } from './markdown/timestamp-format.js';
import { MEDIA_BOX } from './media.js';
import { ImageLink, InlineVideo } from './MediaParts.js';
import { MessageText } from './message-text.js';
import { useNow } from './now-context.js';

function Linked({ url, className, linkClassName = 'embed__link', testId, children }: { url?: string; className: string; linkClassName?: string; testId: string; children: string }) {
  const href = safeHref(url);
  if (href === null) return <div className={className} data-testid={testId}>{children}</div>;
  return <div className={className} data-testid={testId}><ExternalLink href={href} className={linkClassName}>{children}</ExternalLink></div>;
}

/** An icon by its proxied address when the registry gave one, else its own (http(s) only). */
function Icon({ url, proxy, className }: { url?: string; proxy?: string; className: string }) {
  const source = safeHref(proxy) ?? safeHref(url);
  return source === null ? null : <img className={className} src={source} alt="" aria-hidden="true" />;
}

function EmbedMedia({ media, box, className, alt }: { media: APIEmbedImage | APIEmbedThumbnail; box: { width: number; height: number }; className: string; alt: string }) {
  const url = safeHref(media.url);
  if (url === null) return null;
  return <ImageLink media={{ ...media, url, proxy_url: safeHref(media.proxy_url) }} box={box} alt={alt} className={className} />;
}

/**
 * The embed's video (the service's, from a link it unfurled: bots cannot set one) in the
 * image's box, the thumbnail as its poster, played as a GIF when `gif`; a link when it cannot play.
 */
function EmbedVideo({ video, poster, gif }: { video: APIEmbedVideo; poster: string | null; gif: boolean }) {
  const url = safeHref(video.url);
  if (url === null) return null;
  const link = <div className="embed__video-link" data-testid="embed-video-link"><ExternalLink href={url}>{url}</ExternalLink></div>;
  return (
    <div className="embed__video" data-testid="embed-video">
      <InlineVideo media={{ ...video, url, proxy_url: safeHref(video.proxy_url) }} box={MEDIA_BOX.embedImage} label={gif ? 'GIF' : 'Video'} poster={poster} fallback={link} gif={gif} />
    </div>
  );
}

export function EmbedCard({ embed }: { embed: APIEmbed }) {
  const locale = useApp((state) => state.locale);
  const now = useNow();
  const color = embedColor(embed.color);
  const video = safeHref(embed.video?.url) === null ? undefined : embed.video;
  // A video's thumbnail is its poster, not a picture beside the text.
  const thumbnail = embed.thumbnail?.url && !video ? embed.thumbnail : undefined;
  const poster = video ? safeHref(embed.thumbnail?.proxy_url) ?? safeHref(embed.thumbnail?.url) : null;
  const columns = fieldColumns(embed.fields ?? [], thumbnail !== undefined);
  const time = embed.timestamp ? calendarTime(Date.parse(embed.timestamp), { locale, now }) : null;
  // An unfurled GIF (Tenor, Giphy) is the GIF alone, without the card around it.
  if (video && embed.type === EmbedType.GIFV) {
    return <div className="embed-gifv" data-testid="embed" data-type="gifv"><EmbedVideo video={video} poster={poster} gif /></div>;
  }
  return (
    <article className="embed" data-testid="embed" style={color ? { borderLeftColor: color } : undefined} data-color={color ?? undefined}>
      <div className="embed__grid">
        <div className="embed__main">
          {embed.provider?.name && <Linked url={embed.provider.url} className="embed__provider" linkClassName="embed__provider-link" testId="embed-provider">{embed.provider.name}</Linked>}
          {embed.author?.name && (
            <div className="embed__author" data-testid="embed-author">
              <Icon url={embed.author.icon_url} proxy={embed.author.proxy_icon_url} className="embed__author-icon" />
              <Linked url={embed.author.url} className="embed__author-name" testId="embed-author-name">{embed.author.name}</Linked>
            </div>
          )}
          {embed.title && <Linked url={embed.url} className="embed__title" testId="embed-title">{embed.title}</Linked>}
          {embed.description && <div className="embed__description" data-testid="embed-description"><MessageText text={embed.description} /></div>}
          {(embed.fields?.length ?? 0) > 0 && (
            <div className="embed__fields">
              {embed.fields?.map((field, index) => (
                <div key={index} className="embed__field" data-testid="embed-field" data-inline={field.inline ? 'true' : undefined} style={{ gridColumn: columns[index] }}>
                  <div className="embed__field-name"><MessageText text={field.name} /></div>
                  <div className="embed__field-value"><MessageText text={field.value} headings={false} /></div>
                </div>
              ))}
            </div>
          )}
        </div>
        {thumbnail && <EmbedMedia media={thumbnail} box={MEDIA_BOX.embedThumbnail} className="embed__thumbnail" alt="Thumbnail" />}
      </div>
      {video && <EmbedVideo video={video} poster={poster} gif={false} />}
      {embed.image?.url && !video && <EmbedMedia media={embed.image} box={MEDIA_BOX.embedImage} className="embed__image" alt="Image" />}
      {(embed.footer?.text || time) && (
        <footer className="embed__footer" data-testid="embed-footer">
          {embed.footer && <Icon url={embed.footer.icon_url} proxy={embed.footer.proxy_icon_url} className="embed__footer-icon" />}
          <span>{[embed.footer?.text, time].filter(Boolean).join(' • ')}</span>
        </footer>
      )}
    </article>
  );
}
