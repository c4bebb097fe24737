/**
 * Whom the client acts as: the world's people on the local registry, the people of the
 * kept tokens on a remote one. The same choice as the switcher under the channel list;
 * either is kept across restarts.
 */
import { useActions, useApp } from '../../app/store-context.js';
import { displayName } from '../world/world-model.js';

export function AccountSection() {
  const people = useApp((state) => state.people);
  const actingUserId = useApp((state) => state.actingUserId);
  const remote = useApp((state) => state.remoteRegistry);
  const { actAs } = useActions();
  return (
    <div className="settings__group">
      <label className="settings__label" htmlFor="settings-acting-user">Act as</label>
      <select
        id="settings-acting-user"
        className="settings__select"
        data-testid="settings-acting-user"
        value={actingUserId ?? ''}
        onChange={(event) => void actAs(event.target.value)}
      >
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {displayName(person)} (@{person.username}{person.locale ? `, ${person.locale}` : ''})
          </option>
        ))}
      </select>
      <p className="settings__help">
        {remote === null
          ? 'The people of the local registry\'s world. Until you choose, the client acts as the first of them.'
          : `The people whose tokens the remote registry (${remote}) accepted. Add tokens under Registry to act as others.`}
      </p>
    </div>
  );
}
