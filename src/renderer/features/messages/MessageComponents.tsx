/**
 * An app message's components: action rows of buttons and select menus (string, user,
 * role, mentionable and channel selects; and the V2 text and container components as
 * plain blocks). Using one sends a MESSAGE_COMPONENT interaction; while it is on its way
 * the component waits, and a failure reads "This interaction failed", as in the real client.
 */
import { useMemo, type ReactNode } from 'react';
import { useActions, useApp } from '../../app/store-context.js';
import type { WireMessage } from '../../api/wire-types.js';
import { selectChannel, selectGuild } from '../../store/selectors.js';
import type { InspectorEntry } from '../inspector/inspector-slice.js';
import type { PlaceWorld } from '../world/world-model.js';
import { MessageText } from './message-text.js';
import { isSelect, selectEntries, type SelectComponent } from './select-options.js';
import { SelectMenu } from './SelectMenu.js';
import './selects.css';

interface Component extends SelectComponent {
  label?: string;
  style?: number;
  url?: string;
  emoji?: { name?: string };
  content?: string;
  components?: Component[];
  accessory?: Component;
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

  const render = (component: Component, key: number): ReactNode => {
    switch (component.type) {
      case 1:
      case 17:
        return (
          <div key={key} className={component.type === 1 ? 'action-row' : 'container'}>
            {(component.components ?? []).map(render)}
          </div>
        );
      case 9:
        return (
          <div key={key} className="section">
            <div className="section__text">{(component.components ?? []).map(render)}</div>
            {component.accessory && render(component.accessory, -1)}
          </div>
        );
      case 10:
        return <div key={key} className="text-display"><MessageText text={component.content ?? ''} /></div>;
      case 14:
        return <hr key={key} className="separator" />;
      case 2: {
        const style = BUTTON_STYLES[component.style ?? 2] ?? 'secondary';
        const label = `${component.emoji?.name ? `${component.emoji.name} ` : ''}${component.label ?? ''}`;
        if (style === 'link' && component.url && /^https?:\/\//i.test(component.url)) {
          return <a key={key} className="button button--link" href={component.url} target="_blank" rel="noreferrer noopener">{label} ↗</a>;
        }
        const waiting = busy(component.custom_id);
        return (
          <button
            key={key}
            type="button"
            className={`button button--${style}${waiting ? ' button--waiting' : ''}`}
            data-testid={`component-${component.custom_id ?? key}`}
            disabled={component.disabled || waiting || component.custom_id === undefined}
            onClick={() => component.custom_id && void pressComponent(message, component.custom_id, undefined, component.type)}
          >
            {label}
          </button>
        );
      }
      default:
        if (isSelect(component.type)) {
          return (
            <SelectMenu
              key={key}
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
