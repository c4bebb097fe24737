/**
 * An app message's components: action rows of buttons and select menus (string, user,
 * role, mentionable and channel selects) and, with Components V2, the layout around them
 * (LayoutParts.tsx). Rows inside containers and sections work as top-level ones: using one
 * sends a MESSAGE_COMPONENT interaction; while it is on its way the component waits, and a
 * failure reads "This interaction failed", as in the real client.
 */
import { useMemo, type ReactNode } from 'react';
import { ComponentType } from 'discord-api-types/v10';
import type { APIMediaGalleryItem, APIUnfurledMediaItem } from 'discord-api-types/v10';
import { useActions, useApp } from '../../app/store-context.js';
import type { WireMessage } from '../../api/wire-types.js';
import { selectChannel, selectGuild } from '../../store/selectors.js';
import type { InspectorEntry } from '../inspector/inspector-slice.js';
import type { PlaceWorld } from '../world/world-model.js';
import { Container, FileComponent, MediaGallery, Section, Separator, TextDisplay, Thumbnail } from './LayoutParts.js';
import { safeHref } from './markdown/markdown-parts.js';
import { isSelect, selectEntries, type SelectComponent } from './select-options.js';
import { SelectMenu } from './SelectMenu.js';
import './layout.css';
import './selects.css';

/** A component as the message carries it: the fields of every type the client reads. */
interface Component extends SelectComponent {
  label?: string;
  style?: number;
  url?: string;
  emoji?: { name?: string };
  content?: string;
  components?: Component[];
  accessory?: Component;
  accent_color?: number | null;
  spoiler?: boolean;
  media?: APIUnfurledMediaItem;
  description?: string | null;
  items?: APIMediaGalleryItem[];
  file?: APIUnfurledMediaItem;
  name?: string;
  size?: number;
  divider?: boolean;
  spacing?: number;
}

const BUTTON_STYLES: Readonly<Record<number, string>> = { 1: 'primary', 2: 'secondary', 3: 'success', 4: 'danger', 5: 'link', 6: 'premium' };

/** The latest interaction per component of this message. */
function latestByComponent(entries: readonly InspectorEntry[], messageId: string): Map<string, InspectorEntry> {
  const latest = new Map<string, InspectorEntry>();
  for (const entry of entries) {
    if (entry.kind === 'component' && entry.messageId === messageId && entry.customId) latest.set(entry.customId, entry);
  }
  return latest;
}

export function MessageComponents({ message }: { message: WireMessage }) {
  const entries = useApp((state) => state.inspectorEntries);
  const { pressComponent } = useActions();
  const guild = useApp(selectGuild);
  const channel = useApp(selectChannel);
  const me = useApp((state) => state.me);
  const place: PlaceWorld = useMemo(() => ({ guild, channel, me: me ?? undefined }), [guild, channel, me]);
  const latest = latestByComponent(entries, message.id);
  const failed = [...latest.values()].some((entry) => entry.status === 'failed');
  const busy = (customId: string | undefined) => {
    const status = customId === undefined ? undefined : latest.get(customId)?.status;
    return status === 'sending' || status === 'pending';
  };

  const button = (component: Component, key: number): ReactNode => {
    const style = BUTTON_STYLES[component.style ?? 2] ?? 'secondary';
    const label = `${component.emoji?.name ? `${component.emoji.name} ` : ''}${component.label ?? ''}`;
    const href = style === 'link' ? safeHref(component.url) : null;
    if (href !== null) {
      return <a key={key} className="button button--link" href={href} target="_blank" rel="noreferrer noopener" data-testid="component-link">{label} ↗</a>;
    }
    const waiting = busy(component.custom_id);
    return (
      <button
        key={key}
        type="button"
        className={`button button--${style}${waiting ? ' button--waiting' : ''}`}
        data-testid={`component-${component.custom_id ?? key}`}
        // Waiting for its interaction, the button keeps the focus (a disabled one would drop it) and ignores presses.
        aria-disabled={waiting || undefined}
        disabled={component.disabled || component.custom_id === undefined}
        onClick={() => !waiting && component.custom_id && void pressComponent(message, component.custom_id, undefined, component.type)}
      >
        {label}
      </button>
    );
  };

  const render = (component: Component, key: number): ReactNode => {
    const children = () => (component.components ?? []).map(render);
    switch (component.type) {
      case ComponentType.ActionRow:
        return <div key={key} className="action-row">{children()}</div>;
      case ComponentType.Button:
        return button(component, key);
      case ComponentType.Container:
        return <Container key={key} accent={component.accent_color} spoiler={component.spoiler}>{children()}</Container>;
      case ComponentType.Section:
        return <Section key={key} accessory={component.accessory ? render(component.accessory, -1) : null}>{children()}</Section>;
      case ComponentType.TextDisplay:
        return <TextDisplay key={key} content={component.content ?? ''} />;
      case ComponentType.Thumbnail:
        return component.media ? <Thumbnail key={key} media={component.media} description={component.description} spoiler={component.spoiler} /> : null;
      case ComponentType.MediaGallery:
        return <MediaGallery key={key} items={component.items ?? []} />;
      case ComponentType.File:
        return component.file ? <FileComponent key={key} file={component.file} name={component.name} size={component.size} spoiler={component.spoiler} /> : null;
      case ComponentType.Separator:
        return <Separator key={key} divider={component.divider} spacing={component.spacing} />;
      default:
        if (isSelect(component.type)) {
          return (
            <SelectMenu
              key={key}
              menuKey={`${message.id}:${component.custom_id ?? key}`}
              component={component}
              entries={selectEntries(component, place)}
              busy={busy(component.custom_id)}
              onSubmit={(values) => component.custom_id && void pressComponent(message, component.custom_id, values, component.type)}
            />
          );
        }
        return <span key={key} className="component-unsupported">Component type {component.type} is not shown yet.</span>;
    }
  };

  return (
    <div className="components" data-testid="message-components">
      {(message.components as unknown as Component[]).map(render)}
      {failed && <div className="components__failed" data-testid="component-failed">This interaction failed</div>}
    </div>
  );
}
