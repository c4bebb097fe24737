/** The guild column's globe: opens the world editor, as the real client's "Discover" sits below the guilds. */
import { useActions, useApp } from '../../app/store-context.js';
import './world-editor.css';

function GlobeIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
      </g>
    </svg>
  );
}

export function WorldEditorButton() {
  const open = useApp((state) => state.editorOpen);
  const { openWorldEditor } = useActions();
  return (
    <li className={open ? 'guild-list__item guild-list__item--selected' : 'guild-list__item'}>
      <button
        type="button"
        className="guild-list__button world-editor-button"
        title="Edit world: users, roles, channels, members, app installs, import and export"
        aria-label="Edit world"
        aria-pressed={open}
        data-testid="world-editor-open"
        onClick={() => openWorldEditor()}
      >
        <GlobeIcon />
      </button>
    </li>
  );
}
