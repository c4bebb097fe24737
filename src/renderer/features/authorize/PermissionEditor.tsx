/**
 * Using the obtained token: pick a guild and one of the app's commands there, see its
 * overwrites, add or remove some, and save with the Bearer token. The registry's answer is
 * shown as it came, refusals (20001, 50013, 50026) included.
 */
import { useState } from 'react';
import { JsonBlock } from '../../app/JsonBlock.js';
import { useActions, useApp } from '../../app/store-context.js';
import { describeOverwrite, mayEditCommandPermissions, permissionTargets } from './permission-targets.js';

export function PermissionEditor() {
  const token = useApp((state) => state.authorizeFlow?.token ?? null);
  const allGuilds = useApp((state) => state.guilds);
  const me = useApp((state) => state.me);
  const guildId = useApp((state) => state.permissionGuildId);
  const commands = useApp((state) => state.permissionCommands);
  const commandId = useApp((state) => state.permissionCommandId);
  const draft = useApp((state) => state.permissionDraft);
  const exchange = useApp((state) => state.permissionExchange);
  const { choosePermissionGuild, choosePermissionCommand, addPermissionOverwrite, removePermissionOverwrite, savePermissions } = useActions();
  const [target, setTarget] = useState('');
  const [allow, setAllow] = useState('true');
  if (token === null) return null;
  const guilds = allGuilds.filter((entry) => me !== null && mayEditCommandPermissions(entry, me.id));
  const guild = guilds.find((entry) => entry.id === guildId);
  const targets = guild ? permissionTargets(guild) : [];
  const chosenTarget = targets.find((entry) => `${entry.type}:${entry.id}` === target);
  return (
    <section className="permission-editor" data-testid="permission-editor">
      <h3 className="authorize__heading">Use the token: command permissions</h3>
      <p className="muted">
        <code>PUT /applications/…/guilds/…/commands/…/permissions</code> with <code>Authorization: Bearer</code>; it needs
        {' '}<code>applications.commands.permissions.update</code> (granted: <code>{token.scope}</code>), and Manage Server and
        Manage Roles in the server: only servers where you have both are listed.
      </p>
      {guilds.length === 0 && <p className="muted" data-testid="permission-no-guild">You have Manage Server and Manage Roles in no server; act as its owner or give yourself a role with both.</p>}
      <div className="authorize-field__row">
        <select value={guildId ?? ''} data-testid="permission-guild" onChange={(event) => void choosePermissionGuild(event.target.value)}>
          <option value="" disabled>Server…</option>
          {guilds.map((entry) => <option key={entry.id} value={entry.id}>{entry.name}</option>)}
        </select>
        <select value={commandId ?? ''} data-testid="permission-command" disabled={commands.length === 0} onChange={(event) => void choosePermissionCommand(event.target.value)}>
          <option value="" disabled>Command…</option>
          {commands.map((command) => <option key={command.id} value={command.id}>{command.name}{command.hidden ? ' (hidden from you)' : ''}</option>)}
        </select>
      </div>
      {commandId !== null && (
        <>
          <ul className="permission-editor__overwrites" data-testid="permission-overwrites">
            {draft.length === 0 && <li className="muted">No overwrites: default_member_permissions decides.</li>}
            {draft.map((overwrite) => (
              <li key={overwrite.id} data-testid={`permission-overwrite-${overwrite.id}`}>
                {describeOverwrite(overwrite, targets)}
                <button type="button" className="link-button" onClick={() => removePermissionOverwrite(overwrite.id)}>remove</button>
              </li>
            ))}
          </ul>
          <div className="authorize-field__row">
            <select value={target} data-testid="permission-target" onChange={(event) => setTarget(event.target.value)}>
              <option value="" disabled>Role, member or channel…</option>
              {targets.map((entry) => <option key={`${entry.type}:${entry.id}`} value={`${entry.type}:${entry.id}`}>{entry.label}</option>)}
            </select>
            <select value={allow} data-testid="permission-allow" onChange={(event) => setAllow(event.target.value)}>
              <option value="true">allow</option>
              <option value="false">deny</option>
            </select>
            <button
              type="button" className="button button--secondary" data-testid="permission-add" disabled={!chosenTarget}
              onClick={() => chosenTarget && addPermissionOverwrite({ id: chosenTarget.id, type: chosenTarget.type, permission: allow === 'true' })}
            >
              Add
            </button>
            <button type="button" className="button button--primary" data-testid="permission-save" onClick={() => void savePermissions()}>Save</button>
          </div>
        </>
      )}
      {exchange && (
        <div className="permission-editor__result" data-testid="permission-result" data-status={exchange.response?.status ?? 0}>
          <code>{exchange.request.method} {exchange.request.url}</code> → <strong>{exchange.response?.status ?? exchange.failure}</strong>
          {exchange.response && <JsonBlock value={exchange.response.body} />}
        </div>
      )}
    </section>
  );
}
