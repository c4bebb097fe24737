/**
 * A guild's channels in sidebar order (categories with their channels, threads under their
 * parent): create one, or change its name, type, category or parent, age restriction and
 * position; delete one with its threads and messages. The parent list offers only what the
 * world's rule allows for the type.
 */
import { useMemo, useState, type FormEvent } from 'react';
import type { WorldFile } from '../../../shared/world-file.js';
import { useActions, useApp } from '../../app/store-context.js';
import { channelIcon } from '../world/ChannelList.js';
import { channelTree, type ChannelNode } from '../world/world-model.js';
import { CHANNEL_TYPE_CHOICES, channelTypeName, needsParent, parentChoices } from './channel-types.js';
import { Field, FormErrors, SaveBar } from './form-parts.js';
import { deleteChannelRequest, saveChannelRequest, type ChannelForm } from './management-requests.js';

const FORM = 'channel';
const FIELDS = ['name', 'type', 'parent_id', 'nsfw', 'position', 'guild_id', 'channel_id'] as const;

type WorldGuild = WorldFile['guilds'][number];
type WorldChannel = WorldGuild['channels'][number];

function ChannelEditor({ guild, channel, onSaved }: { guild: WorldGuild; channel: WorldChannel | null; onSaved: (id: string | 'new') => void }) {
  const { submitEdit } = useActions();
  const [form, setForm] = useState<ChannelForm>({
    name: channel?.name ?? '', type: channel?.type ?? 0, parentId: channel?.parent_id ?? '', nsfw: channel?.nsfw ?? false,
    position: channel?.position === undefined ? '' : String(channel.position),
  });
  const parents = parentChoices(form.type, guild.channels, channel?.id ?? null);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await submitEdit(FORM, saveChannelRequest(guild.id, channel?.id ?? null, form), FIELDS);
    if (outcome.ok) onSaved((outcome.body as { id?: string } | null)?.id ?? channel?.id ?? 'new');
  };
  const remove = async () => {
    if (channel && (await submitEdit(FORM, deleteChannelRequest(channel.id, channel.name), FIELDS)).ok) onSaved('new');
  };
  return (
    <form className="world-editor__form" data-testid="channel-form" onSubmit={(event) => void save(event)} noValidate>
      <h2 className="world-editor__form-title">{channel ? `Edit #${channel.name}` : 'Create a channel'}</h2>
      <FormErrors form={FORM} />
      <Field form={FORM} name="name" label="Channel name">
        <input className="world-editor__input" data-testid="channel-field-name" value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} />
      </Field>
      <Field form={FORM} name="type" label="Channel type">
        <select
          className="world-editor__input"
          data-testid="channel-field-type"
          value={form.type}
          onChange={(event) => setForm({ ...form, type: Number(event.target.value) })}
        >
          {CHANNEL_TYPE_CHOICES.map((choice) => <option key={choice.type} value={choice.type}>{choice.name} ({choice.type})</option>)}
        </select>
      </Field>
      <Field
        form={FORM}
        name="parent_id"
        label={needsParent(form.type) ? 'Parent channel' : 'Category'}
        hint={parents.length === 0 && form.type === 4 ? 'A category has no parent.' : needsParent(form.type) ? 'A thread lives in a text, announcement, forum or media channel.' : undefined}
      >
        <select className="world-editor__input" data-testid="channel-field-parent" value={form.parentId} onChange={(event) => setForm({ ...form, parentId: event.target.value })}>
          <option value="">{needsParent(form.type) ? 'Choose a parent' : 'No category'}</option>
          {parents.map((parent) => <option key={parent.id} value={parent.id}>{parent.name} ({channelTypeName(parent.type)})</option>)}
          {form.parentId !== '' && !parents.some((parent) => parent.id === form.parentId) && <option value={form.parentId}>{form.parentId} (not allowed for this type)</option>}
        </select>
      </Field>
      <div className="world-editor__row-fields">
        <Field form={FORM} name="position" label="Position" hint="Blank: last.">
          <input className="world-editor__input world-editor__input--short" inputMode="numeric" data-testid="channel-field-position" value={form.position} onChange={(event) => setForm({ ...form, position: event.target.value })} />
        </Field>
        <Field form={FORM} name="nsfw" label="Age-Restricted Channel" hint="Age-restricted commands show only here.">
          <input type="checkbox" className="world-editor__switch" data-testid="channel-field-nsfw" checked={form.nsfw} onChange={(event) => setForm({ ...form, nsfw: event.target.checked })} />
        </Field>
      </div>
      <p className="world-editor__hint">
        Permission overwrites: the simulated world has none per channel yet; everyone sees a channel by the guild-wide VIEW_CHANNEL of their roles.
      </p>
      <SaveBar form={FORM} label={channel ? 'Save Changes' : 'Create Channel'}>
        {channel && <button type="button" className="button button--danger" data-testid="channel-delete" onClick={() => void remove()}>Delete Channel</button>}
      </SaveBar>
    </form>
  );
}

function ChannelRows({ nodes, depth, selected, choose }: { nodes: ChannelNode[]; depth: number; selected: string; choose: (id: string) => void }) {
  return (
    <>
      {nodes.map((node) => (
        <li key={node.channel.id}>
          <button
            type="button"
            className={`world-editor__row world-editor__row--depth-${depth}${node.channel.id === selected ? ' world-editor__row--selected' : ''}`}
            data-testid={`channel-row-${node.channel.id}`}
            onClick={() => choose(node.channel.id)}
          >
            <span className="world-editor__row-icon" aria-hidden="true">{channelIcon(node.channel)}</span>
            <span className="world-editor__row-name">{node.channel.name}</span>
            <span className="world-editor__row-meta">{channelTypeName(node.channel.type)}{node.channel.nsfw ? ' · 18+' : ''}</span>
          </button>
          {node.children.length > 0 && <ul className="world-editor__list"><ChannelRows nodes={node.children} depth={depth + 1} selected={selected} choose={choose} /></ul>}
        </li>
      ))}
    </>
  );
}

export function ChannelsTab() {
  const guild = useApp((state) => state.editorWorld?.guilds.find((entry) => entry.id === state.editorGuildId));
  const { clearEditErrors } = useActions();
  const [selected, setSelected] = useState<string | 'new'>('new');
  const tree = useMemo(() => channelTree(guild?.channels ?? []), [guild]);
  if (!guild) return <p className="world-editor__hint">Choose a guild on the left.</p>;
  const channel = guild.channels.find((entry) => entry.id === selected) ?? null;
  const choose = (id: string | 'new') => {
    clearEditErrors(FORM);
    setSelected(id);
  };
  return (
    <div className="world-editor__split">
      <div className="world-editor__list-pane">
        <button type="button" className="button button--primary world-editor__create" data-testid="channel-new" onClick={() => choose('new')}>Create Channel</button>
        <ul className="world-editor__list" aria-label={`Channels of ${guild.name}`}>
          <ChannelRows nodes={tree} depth={0} selected={selected} choose={choose} />
        </ul>
      </div>
      <ChannelEditor key={`${guild.id}-${channel?.id ?? 'new'}`} guild={guild} channel={channel} onSaved={setSelected} />
    </div>
  );
}
