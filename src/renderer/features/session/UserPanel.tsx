/**
 * The acting user's panel at the bottom of the sidebar, with the switcher: choosing another
 * person mints a session for them (or, on a remote registry, uses their kept token), so
 * identity, locale and the command picker follow; the choice is kept across restarts. The
 * gear opens the settings, as in the real client.
 */
import { Avatar } from '../../app/Avatar.js';
import { GearIcon } from '../../app/icons.js';
import { useActions, useApp } from '../../app/store-context.js';
import { displayName } from '../world/world-model.js';
import './session.css';

export function UserPanel() {
  const people = useApp((state) => state.people);
  const actingUserId = useApp((state) => state.actingUserId);
  const locale = useApp((state) => state.locale);
  const connection = useApp((state) => state.connection);
  const connectionError = useApp((state) => state.connectionError);
  const remote = useApp((state) => state.remoteRegistry);
  const { actAs, openSettings } = useActions();
  const person = people.find((entry) => entry.id === actingUserId);
  const name = person ? displayName(person) : '…';
  return (
    <section className="user-panel" aria-label="Acting user">
      {connectionError && <p className="user-panel__error" role="status" data-testid="connection-error">{connectionError}</p>}
      <div className="user-panel__row">
        <Avatar id={actingUserId ?? '0'} name={name} />
        <div className="user-panel__who">
          <span className="user-panel__name" data-testid="acting-user">{name}</span>
          <span className="user-panel__meta" data-testid="acting-locale">
            <span className={`status-dot status-dot--${connection}`} aria-hidden="true" />
            {person ? `@${person.username}` : ''} · {locale}
          </span>
        </div>
        <button
          type="button"
          className="user-panel__gear"
          aria-label="User Settings"
          title="User Settings"
          data-testid="settings-button"
          onClick={() => openSettings()}
        >
          <GearIcon />
        </button>
      </div>
      {remote !== null && <span className="user-panel__remote" data-testid="remote-registry" title={remote}>Remote · {new URL(remote).host}</span>}
      <label className="user-panel__switch">
        <span className="visually-hidden">Act as</span>
        <select
          data-testid="user-switcher"
          value={actingUserId ?? ''}
          onChange={(event) => void actAs(event.target.value)}
        >
          {people.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {displayName(entry)} (@{entry.username}{entry.locale ? `, ${entry.locale}` : ''})
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}
