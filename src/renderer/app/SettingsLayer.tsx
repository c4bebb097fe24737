/**
 * A full-window layer laid out as the real client's User and Server Settings: sections of
 * entries on the left, the chosen entry's title and content on the right, and a round close
 * button marked ESC (Escape closes too). The settings and the world editor are both one.
 * It is a modal dialog for the keyboard too: the current entry takes the focus, Tab stays
 * inside, and closing gives the focus back to what opened it.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useDialogFocus } from './use-dialog-focus.js';
import './settings-layer.css';

export interface LayerSection<Entry extends string> {
  heading: string;
  entries: readonly Entry[];
  /** Shown under the heading, above the entries (the world editor's guild chooser). */
  extra?: ReactNode;
}

export interface SettingsLayerProps<Entry extends string> {
  /** Accessible names of the nav and of the close button. */
  navLabel: string;
  closeLabel: string;
  /** The layer's test id, also the stem of its title's id. */
  testId: string;
  entryTestId: (entry: Entry) => string;
  closeTestId: string;
  sections: ReadonlyArray<LayerSection<Entry>>;
  titles: Readonly<Record<Entry, string>>;
  current: Entry;
  /** Whether the current entry takes the focus when the layer opens (it does unless told). */
  focusCurrent?: boolean;
  /** Wider content, for tables and forms side by side. */
  wide?: boolean;
  onChoose: (entry: Entry) => void;
  onClose: () => void;
  children: ReactNode;
}

export function SettingsLayer<Entry extends string>(props: SettingsLayerProps<Entry>) {
  const { testId, sections, titles, current, onChoose, onClose } = props;
  const layer = useRef<HTMLDivElement>(null);
  useDialogFocus(layer, true);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const titleId = `${testId}-title`;
  return (
    <div
      ref={layer}
      className={props.wide ? 'settings-layer settings-layer--wide' : 'settings-layer'}
      role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid={testId}
    >
      <nav className="settings-layer__nav" aria-label={props.navLabel}>
        <div className="settings-layer__nav-inner">
          {sections.map((section) => (
            <div key={section.heading} className="settings-layer__nav-section">
              <h2 className="settings-layer__nav-heading">{section.heading}</h2>
              {section.extra}
              {section.entries.map((entry) => (
                <button
                  key={entry}
                  type="button"
                  className={entry === current ? 'settings-layer__nav-item settings-layer__nav-item--active' : 'settings-layer__nav-item'}
                  aria-current={entry === current ? 'page' : undefined}
                  autoFocus={props.focusCurrent !== false && entry === current}
                  data-testid={props.entryTestId(entry)}
                  onClick={() => onChoose(entry)}
                >
                  {titles[entry]}
                </button>
              ))}
            </div>
          ))}
        </div>
      </nav>
      <main className="settings-layer__content">
        <div className="settings-layer__content-inner">
          <h1 id={titleId} className="settings-layer__title">{titles[current]}</h1>
          {props.children}
        </div>
        <div className="settings-layer__close">
          <button type="button" className="settings-layer__close-button" aria-label={props.closeLabel} data-testid={props.closeTestId} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <span className="settings-layer__close-key" aria-hidden="true">ESC</span>
        </div>
      </main>
    </div>
  );
}
