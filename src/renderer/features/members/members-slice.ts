/** Whether the chat shows the member list on its right, toggled from the chat's header. */
import type { Slice } from '../../store/app-state.js';
import type { ClientDeps } from '../../store/deps.js';

export interface MembersSlice {
  memberListOpen: boolean;
  setMemberListOpen(open: boolean): void;
}

declare module '../../store/app-state.js' {
  interface AppState extends MembersSlice {}
}

export function createMembersSlice(_deps: ClientDeps): Slice<MembersSlice> {
  return (set) => ({
    // Shown until hidden, as in the real client.
    memberListOpen: true,

    setMemberListOpen(open) {
      set({ memberListOpen: open });
    },
  });
}
