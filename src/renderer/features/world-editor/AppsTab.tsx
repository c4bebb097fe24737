/**
 * The world's apps: their settings and credentials (behind a disclosure each, read when
 * opened: AppSettingsForm, AppCredentials), and where they are installed: in the chosen guild (a guild install:
 * `bot` and `applications.commands`, so its bot joins and its guild commands work there)
 * and on people's accounts (a user install: `applications.commands` for that person,
 * wherever they are). The simulated world models no other scopes.
 */
import { ApplicationFlags } from 'discord-api-types/v10';
import { useState } from 'react';
import { activityStart, hasActivity } from '../../../shared/activity-start.js';
import { useActions, useApp } from '../../app/store-context.js';
import { AppCredentials } from './AppCredentials.js';
import { AppSettingsForm, type EditedApplication } from './AppSettingsForm.js';
import { FormErrors } from './form-parts.js';
import { installRequest } from './management-requests.js';

const FORM = 'install';
const FIELDS: readonly string[] = [];

/** What the app's header says of its Activity: none, one, or the EMBEDDED flag with nothing to frame. */
function activitySummary(app: EditedApplication): string {
  if (((app.flags ?? 0) & ApplicationFlags.Embedded) === 0) return '';
  if (!hasActivity(app)) return ' · Activities on, but no Application URL Override or root URL mapping';
  return activityStart(app)?.proxied ? ' · has an Activity (through the proxy)' : ' · has an Activity';
}

/** Settings and credentials of one app, mounted only while open (reading credentials is a request). */
function AppDetails({ app }: { app: EditedApplication }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="world-editor__app-details" data-testid={`app-details-${app.id}`} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="world-editor__app-summary" data-testid={`app-details-toggle-${app.id}`}>Settings, token and keys</summary>
      {open && (
        <div className="world-editor__app-panels">
          <AppSettingsForm app={app} />
          <AppCredentials applicationId={app.id} name={app.name} />
        </div>
      )}
    </details>
  );
}

export function AppsTab() {
  const world = useApp((state) => state.editorWorld);
  const guildId = useApp((state) => state.editorGuildId);
  const saving = useApp((state) => state.editorSaving !== null);
  const { submitEdit } = useActions();
  if (!world) return null;
  const guild = world.guilds.find((entry) => entry.id === guildId);
  const ownerName = (id: string | undefined) => world.users.find((user) => user.id === id)?.username;
  return (
    <div className="world-editor__apps">
      <FormErrors form={FORM} />
      {world.applications.length === 0 && <p className="world-editor__hint">The world has no app. Import a world file that adds one.</p>}
      {world.applications.map((app) => {
        const inGuild = guild?.applications.includes(app.id) ?? false;
        return (
          <section key={app.id} className="world-editor__app" data-testid={`app-${app.id}`}>
            <header className="world-editor__app-header">
              <h2 className="world-editor__app-name">{app.name} <span className="tag">App</span></h2>
              <span className="world-editor__row-meta">
                {app.id}
                {ownerName(app.owner_id) && ` · owned by @${ownerName(app.owner_id)}`}
                {activitySummary(app)}
                {app.interactions_endpoint_url ? ' · interactions over HTTP' : ' · interactions over the gateway'}
              </span>
            </header>
            <AppDetails app={app} />
            {guild && (
              <div className="world-editor__install">
                <span>
                  <strong>{inGuild ? `Installed in ${guild.name}` : `Not in ${guild.name}`}</strong>
                  <span className="world-editor__hint"> Guild install: scopes <code>bot</code> and <code>applications.commands</code>; its bot joins as a member.</span>
                </span>
                <button
                  type="button"
                  className={inGuild ? 'button button--danger' : 'button button--success'}
                  data-testid={`app-guild-install-${app.id}`}
                  data-installed={inGuild}
                  disabled={saving}
                  onClick={() => void submitEdit(FORM, installRequest({ guildId: guild.id }, app.id, !inGuild, app.name), FIELDS)}
                >
                  {inGuild ? 'Uninstall' : 'Install to guild'}
                </button>
              </div>
            )}
            <fieldset className="world-editor__user-installs">
              <legend className="world-editor__label">User installs (scope <code>applications.commands</code>)</legend>
              {world.users.map((user) => {
                const installed = user.applications?.includes(app.id) ?? false;
                return (
                  <span key={user.id} className="world-editor__choice">
                    <input
                      type="checkbox"
                      id={`app-user-install-${app.id}-${user.id}`}
                      data-testid={`app-user-install-${app.id}-${user.id}`}
                      checked={installed}
                      disabled={saving}
                      onChange={(event) => void submitEdit(FORM, installRequest({ userId: user.id }, app.id, event.target.checked, app.name), FIELDS)}
                    />
                    <label htmlFor={`app-user-install-${app.id}-${user.id}`}>{user.global_name || user.username}</label>
                  </span>
                );
              })}
            </fieldset>
          </section>
        );
      })}
    </div>
  );
}
