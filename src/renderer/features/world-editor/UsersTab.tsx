/**
 * The world's people: create one (the registry makes the id and the session token unless
 * given, and shows the token once), edit their username, display name, locale or token,
 * show or reset their token (UserToken), or delete them. Bots are the apps' bot users and
 * are listed under Apps.
 */
import { useState, type FormEvent } from 'react';
import { LOCALES } from '../../../shared/locales.js';
import { Avatar } from '../../app/Avatar.js';
import { useActions, useApp } from '../../app/store-context.js';
import { Field, FormErrors, SaveBar } from './form-parts.js';
import { createUserRequest, deleteUserRequest, editUserRequest, type UserForm } from './management-requests.js';
import { UserToken } from './UserToken.js';

const FORM = 'user';
const FIELDS = ['id', 'username', 'global_name', 'locale', 'token'] as const;

type WorldUser = { id: string; username: string; global_name?: string | null; locale?: string };

function UserEditor({ user, onSaved }: { user: WorldUser | null; onSaved: (id: string | 'new') => void }) {
  const actingUserId = useApp((state) => state.actingUserId);
  const { submitEdit } = useActions();
  const [form, setForm] = useState<UserForm>({
    id: '', username: user?.username ?? '', globalName: user?.global_name ?? '', locale: user?.locale ?? '', token: '',
  });
  const change = (patch: Partial<UserForm>) => setForm({ ...form, ...patch });
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const request = user ? editUserRequest(user.id, form) : createUserRequest(form);
    const outcome = await submitEdit(FORM, request, FIELDS);
    if (outcome.ok) onSaved((outcome.body as { id?: string } | null)?.id ?? user?.id ?? 'new');
  };
  const remove = async () => {
    if (user && (await submitEdit(FORM, deleteUserRequest(user.id, user.username), FIELDS)).ok) onSaved('new');
  };
  return (
    <form className="world-editor__form" data-testid="user-form" onSubmit={(event) => void save(event)} noValidate>
      <h2 className="world-editor__form-title">{user ? `Edit ${user.username}` : 'Create a user'}</h2>
      <FormErrors form={FORM} />
      {!user && (
        <Field form={FORM} name="id" label="ID" hint="Leave blank: the registry makes a snowflake.">
          <input className="world-editor__input" data-testid="user-field-id" value={form.id} onChange={(event) => change({ id: event.target.value })} />
        </Field>
      )}
      <Field form={FORM} name="username" label="Username">
        <input className="world-editor__input" data-testid="user-field-username" value={form.username} autoFocus onChange={(event) => change({ username: event.target.value })} />
      </Field>
      <Field form={FORM} name="global_name" label="Display name" hint="Leave blank to show the username.">
        <input className="world-editor__input" data-testid="user-field-global_name" value={form.globalName} onChange={(event) => change({ globalName: event.target.value })} />
      </Field>
      <Field form={FORM} name="locale" label="Language" hint="What command names and descriptions are localized to.">
        <select className="world-editor__input" data-testid="user-field-locale" value={form.locale} onChange={(event) => change({ locale: event.target.value })}>
          <option value="">Default (en-US)</option>
          {LOCALES.map((locale) => <option key={locale} value={locale}>{locale}</option>)}
        </select>
      </Field>
      <Field
        form={FORM}
        name="token"
        label="Session token"
        hint={user ? 'Leave blank to keep the current one (shown below).' : 'Leave blank: the registry makes one (shown here again any time).'}
      >
        <input className="world-editor__input" data-testid="user-field-token" value={form.token} autoComplete="off" onChange={(event) => change({ token: event.target.value })} />
      </Field>
      <SaveBar form={FORM} label={user ? 'Save Changes' : 'Create User'}>
        {user && (
          <button
            type="button"
            className="button button--danger"
            data-testid="user-delete"
            title={user.id === actingUserId ? 'You are acting as this person: act as someone else first.' : undefined}
            onClick={() => void remove()}
          >
            Delete User
          </button>
        )}
      </SaveBar>
    </form>
  );
}

export function UsersTab() {
  const users = useApp((state) => state.editorWorld?.users ?? []);
  const { clearEditErrors } = useActions();
  const [selected, setSelected] = useState<string | 'new'>(users[0]?.id ?? 'new');
  const choose = (id: string | 'new') => {
    clearEditErrors(FORM);
    setSelected(id);
  };
  const user = users.find((entry) => entry.id === selected) ?? null;
  return (
    <div className="world-editor__split">
      <div className="world-editor__list-pane">
        <button type="button" className="button button--primary world-editor__create" data-testid="user-new" onClick={() => choose('new')}>Create User</button>
        <ul className="world-editor__list" aria-label="People">
          {users.map((entry) => (
            <li key={entry.id}>
              <button
                type="button"
                className={entry.id === selected ? 'world-editor__row world-editor__row--selected' : 'world-editor__row'}
                data-testid={`user-row-${entry.id}`}
                onClick={() => choose(entry.id)}
              >
                <Avatar id={entry.id} name={entry.global_name || entry.username} size="small" />
                <span className="world-editor__row-name">{entry.global_name || entry.username}</span>
                <span className="world-editor__row-meta">@{entry.username}{entry.locale ? ` · ${entry.locale}` : ''}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="world-editor__form">
        <UserEditor key={user?.id ?? 'new'} user={user} onSaved={setSelected} />
        {user && <UserToken key={`token-${user.id}`} userId={user.id} name={user.username} />}
      </div>
    </div>
  );
}
