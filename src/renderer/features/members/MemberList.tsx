/**
 * The member list on the chat's right: the place's people grouped as the real client
 * groups them, each with avatar, name in their role colour and an APP tag for bots.
 * Right-clicking someone opens the client's context menu on them (Apps → USER commands).
 * From the keyboard the list is one tab stop with roving focus; the ContextMenu key,
 * Shift+F10 or Enter opens the focused person's menu.
 */
import { useMemo, useRef } from 'react';
import { Avatar } from '../../app/Avatar.js';
import { useApp } from '../../app/store-context.js';
import { useRovingFocus } from '../../app/use-roving-focus.js';
import { selectChannel, selectGuild } from '../../store/selectors.js';
import { useContextMenu, useMenuKey } from '../context-menu/use-context-menu.js';
import { memberGroups, type MemberRow } from './member-groups.js';
import './members.css';

const ROVING = { itemSelector: '.member', start: 'first' } as const;

function Member({ row }: { row: MemberRow }) {
  const onMenu = useContextMenu({ kind: 'user', id: row.user.id });
  const onKey = useMenuKey({ kind: 'user', id: row.user.id }, { enter: true });
  return (
    <li
      className="member" data-testid={`member-${row.user.id}`} tabIndex={-1} aria-keyshortcuts="Shift+F10 ContextMenu Enter"
      onContextMenu={onMenu} onKeyDown={onKey}
    >
      <Avatar id={row.user.id} name={row.name} size="medium" />
      <span className="member__name" data-testid="member-name" style={row.color ? { color: row.color } : undefined}>{row.name}</span>
      {row.user.bot && <span className="tag">App</span>}
    </li>
  );
}

export function MemberList() {
  const guild = useApp(selectGuild);
  const channel = useApp(selectChannel);
  const me = useApp((state) => state.me);
  const groups = useMemo(() => memberGroups({ guild, channel, me: me ?? undefined }), [guild, channel, me]);
  const list = useRef<HTMLElement>(null);
  const roving = useRovingFocus(list, ROVING);
  return (
    <aside className="member-list" aria-label="Members" data-testid="member-list" ref={list} {...roving}>
      {groups.map((group) => (
        <section key={group.id} className="member-list__group" data-testid={`member-group-${group.id}`}>
          <h2 className="member-list__heading">{group.label} — {group.members.length}</h2>
          <ul className="member-list__members">
            {group.members.map((row) => <Member key={row.user.id} row={row} />)}
          </ul>
        </section>
      ))}
    </aside>
  );
}
