/** An embed as a simple card: colored edge, author, title, description, fields, footer. */
import type { WireEmbed } from '../../api/wire-types.js';
import { MessageText } from './message-text.js';

/** The embed's color as one of a few classes (inline styles are not allowed by the page's CSP). */
function colorClass(color: number | undefined): string {
  if (color === undefined) return 'embed--default';
  const red = (color >> 16) & 255;
  const green = (color >> 8) & 255;
  const blue = color & 255;
  if (red > 180 && green < 120 && blue < 120) return 'embed--red';
  if (green > 150 && red < 150) return 'embed--green';
  if (red > 200 && green > 150 && blue < 100) return 'embed--yellow';
  if (blue > 150 && red < 150) return 'embed--blurple';
  return 'embed--default';
}

export function EmbedCard({ embed }: { embed: WireEmbed }) {
  return (
    <article className={`embed ${colorClass(embed.color)}`} data-testid="embed">
      {embed.author?.name && <div className="embed__author">{embed.author.name}</div>}
      {embed.title && <div className="embed__title" data-testid="embed-title">{embed.title}</div>}
      {embed.description && <div className="embed__description"><MessageText text={embed.description} /></div>}
      {(embed.fields?.length ?? 0) > 0 && (
        <dl className="embed__fields">
          {embed.fields?.map((field, index) => (
            <div key={index} className={field.inline ? 'embed__field embed__field--inline' : 'embed__field'}>
              <dt>{field.name}</dt>
              <dd><MessageText text={field.value} /></dd>
            </div>
          ))}
        </dl>
      )}
      {embed.footer?.text && <footer className="embed__footer">{embed.footer.text}</footer>}
    </article>
  );
}
