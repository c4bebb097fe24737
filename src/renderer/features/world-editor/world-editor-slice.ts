/**
 * The world editor: the whole world as the management API exports it, the edits made
 * through that API (each checked first with the shared schema the registry uses, then
 * answered by the registry, whose refusals are shown beside their fields), the import and
 * export of world files, and the tokens the registry made (shown at once; the Apps and
 * Users tabs read them again from the keychain).
 *
 * The rest of the client follows an edit on its own: the registry announces it as
 * WORLD_UPDATE, and the session reconnects for a fresh READY (guilds, channels, members),
 * which reloads the command index. The editor reloads its own copy after each edit and on
 * WORLD_UPDATE (another window's edit), and the list of people to act as when people change.
 */
import type { WorldFile } from '../../../shared/world-file.js';
import type { Slice } from '../../store/app-state.js';
import type { Caller, ClientDeps, ManagementCall } from '../../store/deps.js';
import { HOME } from '../world/world-model.js';
import type { EditErrors } from './edit-errors.js';
import type { EditRequest } from './management-requests.js';
import type { ImportIssue, ImportSummary, MintedToken } from './world-import.js';

export type EditorTab = 'users' | 'roles' | 'channels' | 'members' | 'apps' | 'file';

export type EditorLoad = 'idle' | 'loading' | 'loaded' | 'failed';

/** Where an import stands: a file checked (refused, or ready with what it will do), sent, done. */
export type WorldImport =
  | { status: 'idle' }
  | { status: 'invalid' | 'refused'; fileName: string; issues: ImportIssue[] }
  | { status: 'ready' | 'importing'; fileName: string; world: WorldFile; summary: ImportSummary }
  | { status: 'imported'; fileName: string };

export interface WorldEditorSlice {
  editorOpen: boolean;
  editorTab: EditorTab;
  /** The guild the roles, channels and members tabs edit. */
  editorGuildId: string | null;
  editorWorld: WorldFile | null;
  editorLoad: EditorLoad;
  editorLoadError: string | null;
  /** The form being saved, by key (one at a time). */
  editorSaving: string | null;
  /** Refusals of each form's last attempt, by form key. */
  editorErrors: Record<string, EditErrors>;
  /** What the last edit did, e.g. `Saved role "Managers".` */
  editorNotice: string | null;
  /** Tokens the registry made (a new person, an import's new people and apps): shown until dismissed, never kept. */
  mintedTokens: MintedToken[];
  worldImport: WorldImport;
  openWorldEditor(options?: { tab?: EditorTab; guildId?: string | null }): void;
  closeWorldEditor(): void;
  setEditorTab(tab: EditorTab): void;
  setEditorGuild(guildId: string): void;
  loadEditorWorld(): Promise<void>;
  /**
   * Checks and sends one edit; `fields` are the form's field names, where refusals are
   * shown. Answers whether the registry took it, with its answer (a created entity).
   */
  submitEdit(formKey: string, request: EditRequest, fields: readonly string[]): Promise<EditOutcome>;
  clearEditErrors(formKey: string): void;
  /** A management read that changes nothing (an app's credentials, a person's token): its answer, or why not. */
  readManaged(call: ManagementCall): Promise<{ ok: true; body: unknown } | { ok: false; message: string }>;
  /** Checks a picked file with the shared schema; nothing is sent yet. */
  checkWorldImport(fileName: string, text: string): Promise<void>;
  /** Sends the checked file to the registry. */
  confirmWorldImport(): Promise<boolean>;
  resetWorldImport(): void;
  /** The world file as the registry exports it now (no tokens), for a download. */
  exportEditorWorld(): Promise<WorldFile | null>;
  dismissMintedTokens(): void;
  /** WORLD_UPDATE: the registry says the world changed. */
  editorWorldChanged(change: { kind?: unknown }): void;
}

declare module '../../store/app-state.js' {
  interface AppState extends WorldEditorSlice {}
}

/** A sent edit: taken (with the registry's answer, e.g. the created role) or refused. */
export type EditOutcome = { ok: true; body: unknown } | { ok: false };

/** The fields of a world file's refusals, for a form that is the whole file. */
const NO_FIELDS: readonly string[] = [];

/**
 * The editor's requests, checks and import: the shared schemas the registry uses (zod), loaded
 * when the editor first needs them rather than with the first screen (docs/benchmarks.md).
 */
async function editing() {
  const [requests, errors, imports] = await Promise.all([import('./management-requests.js'), import('./edit-errors.js'), import('./world-import.js')]);
  return { ...requests, ...errors, ...imports };
}

export function createWorldEditorSlice(deps: ClientDeps): Slice<WorldEditorSlice> {
  return (set, get) => {
    // Only the latest load may write: an edit's reload and a WORLD_UPDATE's race.
    let latest = 0;
    const caller = (): Caller | null => {
      const { token, locale } = get();
      return token === null ? null : { token, locale };
    };
    const notConnected: EditErrors = { fields: {}, general: [{ message: 'Not connected to the registry yet.', code: '0' }] };
    /**
     * The people the switcher offers: a person created, renamed or deleted shows there at
     * once. On a remote registry they are the kept tokens' people, which the host does not list.
     */
    const reloadPeople = async () => {
      if (get().remoteRegistry !== null) return;
      const listed = await deps.host.listUsers({});
      if (listed.ok && get().remoteRegistry === null) set({ people: listed.value.users });
    };

    return {
      editorOpen: false,
      editorTab: 'roles',
      editorGuildId: null,
      editorWorld: null,
      editorLoad: 'idle',
      editorLoadError: null,
      editorSaving: null,
      editorErrors: {},
      editorNotice: null,
      mintedTokens: [],
      worldImport: { status: 'idle' },

      openWorldEditor(options = {}) {
        // The guild asked for, else the one the person looks at, else the last one edited (the DM home is no guild).
        const placeId = get().placeId;
        const guildId = options.guildId ?? (placeId !== null && placeId !== HOME ? placeId : get().editorGuildId);
        set({ editorOpen: true, editorTab: options.tab ?? get().editorTab, editorNotice: null, editorGuildId: guildId });
        void get().loadEditorWorld();
      },

      closeWorldEditor() {
        set({ editorOpen: false, editorErrors: {}, editorNotice: null, worldImport: { status: 'idle' } });
      },

      setEditorTab(tab) {
        set({ editorTab: tab, editorNotice: null });
      },

      setEditorGuild(guildId) {
        set({ editorGuildId: guildId, editorErrors: {}, editorNotice: null });
      },

      async loadEditorWorld() {
        const who = caller();
        if (who === null) {
          set({ editorLoad: 'failed', editorLoadError: 'not connected to the registry yet; open the editor again once connected' });
          return;
        }
        const request = ++latest;
        if (get().editorWorld === null) set({ editorLoad: 'loading' });
        const { exportRequest } = await editing();
        const answer = await deps.rest.manage(who, exportRequest());
        if (request !== latest) return;
        if (!answer.ok) {
          set({ editorLoad: 'failed', editorLoadError: `${answer.error.message} (${answer.error.code})` });
          return;
        }
        const world = answer.body as WorldFile;
        const guildId = get().editorGuildId;
        const stillThere = guildId !== null && world.guilds.some((guild) => guild.id === guildId);
        set({
          editorWorld: world, editorLoad: 'loaded', editorLoadError: null,
          editorGuildId: stillThere ? guildId : (world.guilds[0]?.id ?? null),
        });
      },

      async submitEdit(formKey, request, fields) {
        const { checkRequest, editErrors, answerErrors } = await editing();
        const problems = checkRequest(request);
        if (problems.length > 0) {
          set({ editorErrors: { ...get().editorErrors, [formKey]: editErrors(problems, fields) }, editorNotice: null });
          return { ok: false };
        }
        const who = caller();
        if (who === null) {
          set({ editorErrors: { ...get().editorErrors, [formKey]: notConnected } });
          return { ok: false };
        }
        set({ editorSaving: formKey, editorNotice: null });
        const answer = await deps.rest.manage(who, request.call);
        set({ editorSaving: null });
        if (!answer.ok) {
          set({ editorErrors: { ...get().editorErrors, [formKey]: answerErrors(answer.error, fields) } });
          return { ok: false };
        }
        const { [formKey]: _cleared, ...others } = get().editorErrors;
        // A new person's token is answered once, when the registry made it.
        const made = answer.body as { id?: string; username?: string; token?: string } | null;
        const minted = request.call.method === 'POST' && request.call.path === '/users' && made?.token && made.id
          ? [{ kind: 'user' as const, id: made.id, name: made.username ?? made.id, token: made.token }]
          : [];
        set({ editorErrors: others, editorNotice: request.done, mintedTokens: [...get().mintedTokens, ...minted] });
        await Promise.all([get().loadEditorWorld(), request.call.path.startsWith('/users') ? reloadPeople() : undefined]);
        return { ok: true, body: answer.body };
      },

      clearEditErrors(formKey) {
        if (!(formKey in get().editorErrors)) return;
        const { [formKey]: _cleared, ...others } = get().editorErrors;
        set({ editorErrors: others });
      },

      async readManaged(call) {
        const who = caller();
        if (who === null) return { ok: false, message: 'Not connected to the registry yet.' };
        const answer = await deps.rest.manage(who, call);
        return answer.ok ? { ok: true, body: answer.body } : { ok: false, message: `${answer.error.message} (${answer.error.code})` };
      },

      async checkWorldImport(fileName, text) {
        const { checkWorldImport } = await editing();
        const checked = checkWorldImport(text, get().editorWorld);
        set({
          worldImport: checked.ok
            ? { status: 'ready', fileName, world: checked.world, summary: checked.summary }
            : { status: 'invalid', fileName, issues: checked.issues },
          editorNotice: null,
        });
      },

      async confirmWorldImport() {
        const pending = get().worldImport;
        if (pending.status !== 'ready') return false;
        const who = caller();
        if (who === null) return false;
        const { importRequest, importIssues, treeIssues, answerErrors, importedTokens } = await editing();
        if (get().worldImport !== pending) return false;
        const request = importRequest(pending.world, pending.fileName);
        set({ worldImport: { ...pending, status: 'importing' } });
        const answer = await deps.rest.manage(who, request.call);
        if (!answer.ok) {
          const issues = answer.error.errors
            ? importIssues(treeIssues(answer.error.errors))
            : answerErrors(answer.error, NO_FIELDS).general.map((error) => ({ path: '(root)', ...error }));
          set({ worldImport: { status: 'refused', fileName: pending.fileName, issues } });
          return false;
        }
        const world = answer.body as WorldFile;
        set({
          worldImport: { status: 'imported', fileName: pending.fileName }, editorNotice: request.done,
          mintedTokens: [...get().mintedTokens, ...importedTokens(world)],
        });
        await Promise.all([get().loadEditorWorld(), reloadPeople()]);
        return true;
      },

      resetWorldImport() {
        set({ worldImport: { status: 'idle' } });
      },

      async exportEditorWorld() {
        const who = caller();
        if (who === null) return null;
        const { exportRequest } = await editing();
        const answer = await deps.rest.manage(who, exportRequest());
        if (!answer.ok) {
          set({ editorLoadError: `${answer.error.message} (${answer.error.code})` });
          return null;
        }
        return answer.body as WorldFile;
      },

      dismissMintedTokens() {
        set({ mintedTokens: [] });
      },

      editorWorldChanged(change) {
        if (get().editorOpen) void get().loadEditorWorld();
        if (change.kind === 'user' || change.kind === 'world') void reloadPeople();
      },
    };
  };
}
