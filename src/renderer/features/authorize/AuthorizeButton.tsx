/** The guild column's key button: opens the Authorize panel (the SDK's sign-in, step by step). */
import { useActions, useApp } from '../../app/store-context.js';
import './authorize.css';

function KeyIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="8" cy="15" r="4" />
        <path d="m10.8 12.2 8.2-8.2M16 7l3 3M14 9l2 2" />
      </g>
    </svg>
  );
}

export function AuthorizeButton() {
  const open = useApp((state) => state.authorizeOpen);
  const { openAuthorize } = useActions();
  return (
    <li className={open ? 'guild-list__item guild-list__item--selected' : 'guild-list__item'}>
      <button
        type="button"
        className="guild-list__button guild-list__button--tool"
        title="Authorize (OAuth2 with the native SDK)"
        aria-label="Authorize"
        aria-pressed={open}
        data-testid="authorize-open"
        onClick={() => void openAuthorize()}
      >
        <KeyIcon />
      </button>
    </li>
  );
}
