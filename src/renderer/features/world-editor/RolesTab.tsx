/**
 * A guild's roles, as the real client's role editor: the roles from the top, each with its
 * name, colour, whether its members are listed apart, position, and permissions as named
 * checkboxes in the client's sections (searchable), with the bit set they make. @everyone
 * is the guild's own role: always at the bottom, never deleted.
 */
import { useMemo, useState, type FormEvent } from 'react';
import type { WorldFile } from '../../../shared/world-file.js';
import { useActions, useApp } from '../../app/store-context.js';
import { Field, FormErrors, SaveBar } from './form-parts.js';
import { deleteRoleRequest, saveRoleRequest, type RoleForm } from './management-requests.js';
import { checkboxGroups, withPermission } from './permission-checkboxes.js';

const FORM = 'role';
const FIELDS = ['name', 'permissions', 'position', 'color', 'hoist', 'role_id'] as const;

type WorldGuild = WorldFile['guilds'][number];
type WorldRole = WorldGuild['roles'][number];

/** What a new role starts with: no permissions and no colour, as in the real client's "new role". */
const NEW_ROLE: RoleForm = { name: 'new role', permissions: '0', position: '', color: 0, hoist: false };

/** The real client's role colour swatches. */
const SWATCHES = [0x1abc9c, 0x2ecc71, 0x3498db, 0x9b59b6, 0xe91e63, 0xf1c40f, 0xe67e22, 0xe74c3c, 0x95a5a6, 0x607d8b];

/** A colour number as CSS (`#rrggbb`); 0, no colour, as the default role grey. */
export function colorCss(color: number): string {
  return color === 0 ? '#99aab5' : `#${color.toString(16).padStart(6, '0')}`;
}

function ColorPicker({ color, onChange }: { color: number; onChange: (color: number) => void }) {
  return (
    <span className="world-editor__swatches">
      <button
        type="button"
        className={color === 0 ? 'world-editor__swatch world-editor__swatch--default world-editor__swatch--chosen' : 'world-editor__swatch world-editor__swatch--default'}
        aria-label="Default colour"
        aria-pressed={color === 0}
        data-testid="role-color-default"
        onClick={() => onChange(0)}
      />
      {SWATCHES.map((swatch) => (
        <button
          key={swatch}
          type="button"
          className={swatch === color ? 'world-editor__swatch world-editor__swatch--chosen' : 'world-editor__swatch'}
          style={{ background: colorCss(swatch) }}
          aria-label={colorCss(swatch)}
          aria-pressed={swatch === color}
          onClick={() => onChange(swatch)}
        />
      ))}
      <input
        type="color"
        className="world-editor__color"
        aria-label="Custom colour"
        data-testid="role-field-color"
        value={colorCss(color)}
        onChange={(event) => onChange(Number.parseInt(event.target.value.slice(1), 16))}
      />
    </span>
  );
}

function PermissionChecklist({ bits, onChange }: { bits: string; onChange: (bits: string) => void }) {
  const [query, setQuery] = useState('');
  const groups = useMemo(() => checkboxGroups(bits, query), [bits, query]);
  return (
    <fieldset className="world-editor__permissions" data-testid="role-permissions">
      <legend className="world-editor__label">Permissions</legend>
      <div className="world-editor__permission-tools">
        <input
          type="search"
          className="world-editor__input"
          placeholder="Search permissions"
          aria-label="Search permissions"
          data-testid="permission-search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <button type="button" className="link-button" data-testid="permission-clear" onClick={() => onChange('0')}>Clear permissions</button>
      </div>
      {groups.length === 0 && <p className="world-editor__hint">No permission matches "{query}".</p>}
      {groups.map((group) => (
        <section key={group.title} className="world-editor__permission-group">
          <h3 className="world-editor__permission-title">{group.title}</h3>
          {group.rows.map(({ entry, checked }) => (
            <label key={entry.name} className="world-editor__permission">
              <span className="world-editor__permission-label">{entry.label}</span>
              <input
                type="checkbox"
                className="world-editor__switch"
                data-testid={`permission-${entry.name}`}
                checked={checked}
                onChange={(event) => onChange(withPermission(bits, entry, event.target.checked))}
              />
            </label>
          ))}
        </section>
      ))}
    </fieldset>
  );
}

/** The role editor's tabs, as the real client's, and the body fields each shows. */
type RoleSection = 'display' | 'permissions';
const SECTION_FIELDS: Readonly<Record<RoleSection, readonly string[]>> = { display: ['name', 'position', 'color', 'hoist'], permissions: ['permissions'] };

function SectionTabs({ section, onChange }: { section: RoleSection; onChange: (section: RoleSection) => void }) {
  const fields = useApp((state) => state.editorErrors[FORM]?.fields);
  const tab = (entry: RoleSection, label: string) => {
    const refused = SECTION_FIELDS[entry].some((name) => fields?.[name] !== undefined);
    return (
      <button
        type="button"
        role="tab"
        aria-selected={section === entry}
        className={section === entry ? 'world-editor__tab world-editor__tab--active' : 'world-editor__tab'}
        data-testid={`role-tab-${entry}`}
        onClick={() => onChange(entry)}
      >
        {label}{refused && <span className="world-editor__tab-error" aria-label="has errors"> !</span>}
      </button>
    );
  };
  return <div className="world-editor__tabs" role="tablist">{tab('display', 'Display')}{tab('permissions', 'Permissions')}</div>;
}

function RoleEditor({ guild, role, section, onSection, onSaved }: {
  guild: WorldGuild; role: WorldRole | null; section: RoleSection; onSection: (section: RoleSection) => void; onSaved: (id: string | 'new') => void;
}) {
  const { submitEdit } = useActions();
  const initial: RoleForm = role
    ? { name: role.name, permissions: role.permissions, position: String(role.position ?? ''), color: role.color ?? 0, hoist: role.hoist ?? false }
    : NEW_ROLE;
  const [form, setForm] = useState<RoleForm>(initial);
  const everyone = role?.id === guild.id;
  const changed = JSON.stringify(form) !== JSON.stringify(initial);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await submitEdit(FORM, saveRoleRequest(guild.id, role?.id ?? null, form), FIELDS);
    if (outcome.ok) onSaved((outcome.body as { id?: string } | null)?.id ?? role?.id ?? 'new');
  };
  const remove = async () => {
    if (role && (await submitEdit(FORM, deleteRoleRequest(guild.id, role.id, role.name), FIELDS)).ok) onSaved('new');
  };
  return (
    <form className="world-editor__form" data-testid="role-form" onSubmit={(event) => void save(event)} noValidate>
      <h2 className="world-editor__form-title">{role ? `Edit role — ${role.name}` : 'Create a role'}</h2>
      <SectionTabs section={section} onChange={onSection} />
      <FormErrors form={FORM} />
      {section === 'display' && <div className="world-editor__row-fields">
        <Field form={FORM} name="name" label="Role name" hint={everyone ? 'Every member holds @everyone.' : undefined}>
          <input className="world-editor__input" data-testid="role-field-name" value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} />
        </Field>
        {!everyone && (
          <Field form={FORM} name="position" label="Position" hint="Higher is above. Blank: on top.">
            <input className="world-editor__input world-editor__input--short" inputMode="numeric" data-testid="role-field-position" value={form.position} onChange={(event) => setForm({ ...form, position: event.target.value })} />
          </Field>
        )}
      </div>}
      {section === 'display' && !everyone && (
        <>
          <Field form={FORM} name="color" group label="Role colour" hint="Members show in the colour of their highest coloured role.">
            <ColorPicker color={form.color} onChange={(color) => setForm({ ...form, color })} />
          </Field>
          <Field form={FORM} name="hoist" label="Display role members separately from online members">
            <input type="checkbox" className="world-editor__switch" data-testid="role-field-hoist" checked={form.hoist} onChange={(event) => setForm({ ...form, hoist: event.target.checked })} />
          </Field>
        </>
      )}
      {section === 'permissions' && (
        <>
          <Field form={FORM} name="permissions" label="Permission integer" hint="The bit set the switches make, as the API carries it.">
            <input className="world-editor__input" data-testid="role-field-permissions" value={form.permissions} onChange={(event) => setForm({ ...form, permissions: event.target.value })} />
          </Field>
          <PermissionChecklist bits={form.permissions} onChange={(permissions) => setForm({ ...form, permissions })} />
        </>
      )}
      <SaveBar form={FORM} label={role ? 'Save Changes' : 'Create Role'}>
        {changed && role && <span className="world-editor__unsaved" data-testid="role-unsaved">Careful — you have unsaved changes!</span>}
        {changed && role && <button type="button" className="link-button" data-testid="role-reset" onClick={() => setForm(initial)}>Reset</button>}
        {role && !everyone && <button type="button" className="button button--danger" data-testid="role-delete" onClick={() => void remove()}>Delete Role</button>}
      </SaveBar>
    </form>
  );
}

export function RolesTab() {
  const guild = useApp((state) => state.editorWorld?.guilds.find((entry) => entry.id === state.editorGuildId));
  const { clearEditErrors } = useActions();
  const [selected, setSelected] = useState<string | 'new'>('new');
  // Kept here, so the tab stays when a created role's form becomes its edit form.
  const [section, setSection] = useState<RoleSection>('display');
  if (!guild) return <p className="world-editor__hint">Choose a guild on the left.</p>;
  const roles = [...guild.roles].sort((a, b) => (b.position ?? 0) - (a.position ?? 0));
  const role = roles.find((entry) => entry.id === selected) ?? null;
  const holders = (roleId: string) => (roleId === guild.id ? guild.members.length : guild.members.filter((member) => member.roles.includes(roleId)).length);
  const choose = (id: string | 'new') => {
    clearEditErrors(FORM);
    setSelected(id);
  };
  return (
    <div className="world-editor__split">
      <div className="world-editor__list-pane">
        <button type="button" className="button button--primary world-editor__create" data-testid="role-new" onClick={() => choose('new')}>Create Role</button>
        <ul className="world-editor__list" aria-label={`Roles of ${guild.name}`}>
          {roles.map((entry) => (
            <li key={entry.id}>
              <button
                type="button"
                className={entry.id === selected ? 'world-editor__row world-editor__row--selected' : 'world-editor__row'}
                data-testid={`role-row-${entry.id}`}
                onClick={() => choose(entry.id)}
              >
                <span className="world-editor__role-dot" style={{ background: colorCss(entry.color ?? 0) }} aria-hidden="true" />
                <span className="world-editor__row-name">{entry.name}</span>
                <span className="world-editor__row-meta">{holders(entry.id)} {holders(entry.id) === 1 ? 'member' : 'members'}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <RoleEditor key={`${guild.id}-${role?.id ?? 'new'}`} guild={guild} role={role} section={section} onSection={setSection} onSaved={setSelected} />
    </div>
  );
}
