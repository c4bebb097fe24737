/**
 * "Why is this command not shown here?": the registry's explain view of one command in the
 * open channel (`/_slashbench/explain`), every visibility check with its verdict, shown at
 * the top of the inspector. The picker's "Not shown here" list opens it.
 */
import type { Explanation } from '../../api/wire-types.js';
import type { Slice } from '../../store/app-state.js';
import type { ClientDeps } from '../../store/deps.js';

export type ExplainView =
  | { commandId: string; name: string; channelId: string; status: 'loading' }
  | { commandId: string; name: string; channelId: string; status: 'loaded'; explanation: Explanation }
  | { commandId: string; name: string; channelId: string; status: 'failed'; error: string };

export interface ExplainSlice {
  explanation: ExplainView | null;
  /** Opens the inspector on the explanation of `command` in the open channel. */
  explainCommand(command: { id: string; name: string }): Promise<void>;
  closeExplanation(): void;
}

declare module '../../store/app-state.js' {
  interface AppState extends ExplainSlice {}
}

export function createExplainSlice(deps: ClientDeps): Slice<ExplainSlice> {
  return (set, get) => ({
    explanation: null,

    async explainCommand(command) {
      const { token, channelId, locale } = get();
      if (token === null || channelId === null) return;
      const asked = { commandId: command.id, name: command.name, channelId };
      set({ explanation: { ...asked, status: 'loading' } });
      get().setInspectorOpen(true);
      const answer = await deps.rest.explain({ token, locale }, command.id, channelId);
      // Only the latest question may write its answer.
      const current = get().explanation;
      if (current?.commandId !== asked.commandId || current.channelId !== asked.channelId || current.status !== 'loading') return;
      set({
        explanation: answer.ok
          ? { ...asked, status: 'loaded', explanation: answer.body }
          : { ...asked, status: 'failed', error: `${answer.error.message}${answer.error.code ? ` (${answer.error.code})` : ''}` },
      });
    },

    closeExplanation() {
      set({ explanation: null });
    },
  });
}
