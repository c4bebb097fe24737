/**
 * A guild's members: add a person of the world, set a member's nickname and roles, or
 * remove them (not the owner; removing an app's bot uninstalls the app). Bots join with
 * their app's install (Apps).
 */
import { useState, type FormEvent } from 'react';
import type { WorldFile } from '../../../shared/world-file.js';
import { Avatar } from '../../app/Avatar.js';
import { useActions, useApp } from '../../app/store-context.js';
import { Field, FormErrors, SaveBar } from './form-parts.js';
import { removeMemberRequest, saveMemberRequest, type MemberForm } from './management-requests.js';

const FORM = 'member';
const FIELDS = ['roles', 'nick', 'user_id'] as const;

type WorldGuild = WorldFile['guilds'][number];
type WorldMember = WorldGuild['members'][number];

/** Who a user id is: a person (by their display name) or an app's bot (by the app's name). */
function useNames(): (id: string) => { name: string; username: string; bot: boolean } {
  const world = useApp((state) => state.editorWorld);
  return (id) => {
    const user = world?.users.find((entry) => entry.id === id);
    if (user) return { name: user.global_name || user.username, username: user.username, bot: false };
    const app = world?.applications.find((entry) => entry.id === id);
    return app ? { name: app.name, username: app.name, bot: true } : { name: id, username: id, bot: false };
  };
}

function MemberEditor({ guild, userId, member, onSaved }: {
  guild: WorldGuild; userId: string; member: WorldMember | null; onSaved: (id: string) => void;
}) {
  const { submitEdit } = useActions();
  const nameOf = useNames();
  const who = nameOf(userId);
  const [form, setForm] = useState<MemberForm>({ roles: member?.roles ?? [], nick: member?.nick ?? '' });
  const roles = [...guild.roles].filter((role) => role.id !== guild.id).sort((a, b) => (b.position ?? 0) - (a.position ?? 0));
  const toggle = (roleId: string, held: boolean) =>
    setForm({ ...form, roles: held ? [...form.roles, roleId] : form.roles.filter((id) => id !== roleId) });
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if ((await submitEdit(FORM, saveMemberRequest(guild.id, userId, form, who.name), FIELDS)).ok) onSaved(userId);
  };
  const remove = async () => {
    if ((await submitEdit(FORM, removeMemberRequest(guild.id, userId, who.name), FIELDS)).ok) onSaved('');
  };
  const owner = userId === guild.owner_id;
  return (
    <form className="world-editor__form" data-testid="member-form" onSubmit={(event) => void save(event)} noValidate>
      <h2 className="world-editor__form-title">{member ? `${who.name} in ${guild.name}` : `Add ${who.name} to ${guild.name}`}</h2>
      <FormErrors form={FORM} />
      <Field form={FORM} name="nick" label="Nickname" hint="Shown instead of their display name in this guild. Blank: none.">
        <input className="world-editor__input" data-testid="member-field-nick" value={form.nick} onChange={(event) => setForm({ ...form, nick: event.target.value })} />
      </Field>
      <Field form={FORM} name="roles" group label="Roles" hint="Everyone holds @everyone.">
        <span className="world-editor__choices">
          {roles.length === 0 && <span className="world-editor__hint">The guild has no role besides @everyone.</span>}
          {roles.map((role) => (
            <span key={role.id} className="world-editor__choice">
              <input
                type="checkbox"
                id={`member-role-${role.id}`}
                data-testid={`member-role-${role.id}`}
                checked={form.roles.includes(role.id)}
                onChange={(event) => toggle(role.id, event.target.checked)}
              />
              <label htmlFor={`member-role-${role.id}`}>{role.name}</label>
            </span>
          ))}
        </span>
      </Field>
      <SaveBar form={FORM} label={member ? 'Save Changes' : 'Add Member'}>
        {member && (
          <button
            type="button"
            className="button button--danger"
            data-testid="member-remove"
            disabled={owner}
            title={owner ? 'The owner cannot be removed.' : who.bot ? 'Removing a bot uninstalls its app.' : undefined}
            onClick={() => void remove()}
          >
            {who.bot ? 'Remove (uninstall the app)' : 'Remove from Guild'}
          </button>
        )}
      </SaveBar>
    </form>
  );
}

export function MembersTab() {
  const guild = useApp((state) => state.editorWorld?.guilds.find((entry) => entry.id === state.editorGuildId));
  const people = useApp((state) => state.editorWorld?.users ?? []);
  const { clearEditErrors } = useActions();
  const nameOf = useNames();
  const [selected, setSelected] = useState('');
  if (!guild) return <p className="world-editor__hint">Choose a guild on the left.</p>;
  const member = guild.members.find((entry) => entry.user_id === selected) ?? null;
  const outsiders = people.filter((person) => !guild.members.some((entry) => entry.user_id === person.id));
  const choose = (id: string) => {
    clearEditErrors(FORM);
    setSelected(id);
  };
  const roleName = (id: string) => guild.roles.find((role) => role.id === id)?.name ?? id;
  return (
    <div className="world-editor__split">
      <div className="world-editor__list-pane">
        <label className="world-editor__field">
          <span className="world-editor__label">Add a member</span>
          <select className="world-editor__input" data-testid="member-add-user" value="" onChange={(event) => choose(event.target.value)}>
            <option value="">{outsiders.length === 0 ? 'Everyone is a member' : 'Choose a person'}</option>
            {outsiders.map((person) => <option key={person.id} value={person.id}>{person.global_name || person.username} (@{person.username})</option>)}
          </select>
        </label>
        <ul className="world-editor__list" aria-label={`Members of ${guild.name}`}>
          {guild.members.map((entry) => {
            const who = nameOf(entry.user_id);
            return (
              <li key={entry.user_id}>
                <button
                  type="button"
                  className={entry.user_id === selected ? 'world-editor__row world-editor__row--selected' : 'world-editor__row'}
                  data-testid={`member-row-${entry.user_id}`}
                  onClick={() => choose(entry.user_id)}
                >
                  <Avatar id={entry.user_id} name={entry.nick || who.name} size="small" />
                  <span className="world-editor__row-name">
                    {entry.nick || who.name} {who.bot && <span className="tag">Bot</span>}
                    {entry.user_id === guild.owner_id && <span className="world-editor__owner" title="Guild owner"> (owner)</span>}
                  </span>
                  <span className="world-editor__row-meta">{entry.roles.map(roleName).join(', ') || '@everyone'}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
      {selected === ''
        ? <p className="world-editor__hint">Choose a member, or add a person.</p>
        : <MemberEditor key={`${guild.id}-${selected}`} guild={guild} userId={selected} member={member} onSaved={setSelected} />}
    </div>
  );
}
