/**
 * One message as the real client shows it: who used which command (or submitted a form) above
 * an app's answer, the author with an APP tag, the text, files, embeds, poll and components
 * (with Components V2, the components alone: its files show where they place them);
 * "<app> is thinking…" while a deferred answer is loading; "Only you can see this" on ephemeral messages;
 * "Join" on a running Activity's launch message.
 */
import { InteractionType, MessageType } from 'discord-api-types/v10';
import type { WireMessage } from '../../api/wire-types.js';
import { Avatar } from '../../app/Avatar.js';
import { EyeIcon } from '../../app/icons.js';
import { useActions, useApp } from '../../app/store-context.js';
import { ActivityJoin } from '../activities/ActivityJoin.js';
import { useContextMenu, useMenuKey } from '../context-menu/use-context-menu.js';
import { displayName } from '../world/world-model.js';
import { EmbedCard } from './EmbedCard.js';
import { MessageAttachments } from './MessageAttachments.js';
import { MessageComponents } from './MessageComponents.js';
import { MessageText } from './message-text.js';
import { PollCard } from './PollCard.js';
import { PollResult } from './PollResult.js';
import { isEphemeral, MESSAGE_FLAG } from './messages-slice.js';

function time(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/**
 * Slash commands read `/name`; user and message commands (context menus) their bare name,
 * as in the real client. The metadata has no command type, so the index tells.
 */
function useCommandName(applicationId: string | undefined, name: string | undefined): string | undefined {
  const type = useApp((state) => state.commandIndex?.application_commands
    .find((command) => command.application_id === applicationId && command.name === name)?.type);
  if (name === undefined) return undefined;
  return type === 2 || type === 3 ? name : `/${name}`;
}

function InteractionLine({ message }: { message: WireMessage }) {
  const metadata = message.interaction_metadata as { type?: number; user?: { id: string; username: string; global_name?: string | null }; name?: string } | undefined;
  const onUserMenu = useContextMenu({ kind: 'user', id: metadata?.user?.id ?? '' });
  const commandName = useCommandName(message.application_id, metadata?.name);
  if (!metadata?.user) return null;
  const name = displayName({ username: metadata.user.username, global_name: metadata.user.global_name ?? null });
  return (
    <div className="message__used" data-testid="message-used">
      <span className="message__user" onContextMenu={onUserMenu}><Avatar id={metadata.user.id} name={name} size="small" /></span>
      <span className="message__used-name message__user" data-testid="message-used-user" onContextMenu={onUserMenu}>{name}</span>{' '}
      {metadata.type === InteractionType.ModalSubmit ? 'submitted a form' : <>used <span className="message__command">{commandName ?? 'a component'}</span></>}
    </div>
  );
}

/** The message a reply answers, on one line above it ("Alice: Can I see…"), or that it was deleted. */
function ReplyLine({ message }: { message: WireMessage }) {
  if (message.type !== MessageType.Reply || message.referenced_message === undefined) return null;
  const original = message.referenced_message;
  return (
    <div className="message__used message__reply" data-testid="message-reply-to">
      <span aria-hidden="true">↱</span>
      {original === null ? <span className="message__reply-text">Original message was deleted</span> : (
        <>
          <span className="message__used-name">{displayName(original.author)}</span>
          <span className="message__reply-text">{original.content || 'Click to see attachment'}</span>
        </>
      )}
    </div>
  );
}

export function MessageItem({ message }: { message: WireMessage }) {
  const { dismissMessage } = useActions();
  const author = displayName(message.author);
  const ephemeral = isEphemeral(message);
  const loading = ((message.flags ?? 0) & MESSAGE_FLAG.LOADING) !== 0;
  const layout = ((message.flags ?? 0) & MESSAGE_FLAG.COMPONENTS_V2) !== 0;
  const embeds = ((message.flags ?? 0) & MESSAGE_FLAG.SUPPRESS_EMBEDS) === 0 ? message.embeds : [];
  const onMessageMenu = useContextMenu({ kind: 'message', id: message.id });
  const onMessageKey = useMenuKey({ kind: 'message', id: message.id });
  const onAuthorMenu = useContextMenu({ kind: 'user', id: message.author.id });
  return (
    <li
      className={ephemeral ? 'message message--ephemeral' : 'message'}
      data-testid={`message-${message.id}`}
      data-author-id={message.author.id}
      data-ephemeral={ephemeral ? 'true' : undefined}
      tabIndex={-1}
      aria-keyshortcuts="Shift+F10 ContextMenu"
      onContextMenu={onMessageMenu}
      onKeyDown={onMessageKey}
    >
      <InteractionLine message={message} />
      <ReplyLine message={message} />
      <div className="message__row">
        <span className="message__user" onContextMenu={onAuthorMenu}><Avatar id={message.author.id} name={author} size="large" /></span>
        <div className="message__body">
          <div className="message__header">
            <span className="message__author message__user" data-testid="message-author" onContextMenu={onAuthorMenu}>{author}</span>
            {message.author.bot && <span className="tag">App</span>}
            <time className="message__time" dateTime={message.timestamp}>{time(message.timestamp)}</time>
            {message.edited_timestamp && <span className="message__edited">(edited)</span>}
          </div>
          {loading ? (
            <div className="message__thinking" data-testid="message-thinking">
              {author} is thinking<span className="message__dots" aria-hidden="true" />
            </div>
          ) : message.type === MessageType.PollResult ? <PollResult message={message} author={author} /> : (
            <>
              {message.content && <div className="message__content" data-testid="message-content"><MessageText text={message.content} /></div>}
              {!layout && <MessageAttachments attachments={message.attachments ?? []} />}
              {embeds.map((embed, index) => <EmbedCard key={index} embed={embed} />)}
              {message.poll && <PollCard message={message} />}
              {(message.components?.length ?? 0) > 0 && <MessageComponents message={message} />}
              <ActivityJoin message={message} />
            </>
          )}
          {ephemeral && (
            <div className="message__ephemeral" data-testid="ephemeral-note">
              <EyeIcon /> Only you can see this ·{' '}
              <button type="button" className="link-button" onClick={() => dismissMessage(message.channel_id, message.id)}>
                Dismiss message
              </button>
            </div>
          )}
        </div>
      </div>
    </li>
  );
}
