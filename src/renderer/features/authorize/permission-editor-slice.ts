/**
 * Using the token the Authorize flow obtained: edit who may use one of the app's commands
 * in a guild (`PUT .../commands/{id}/permissions` with `Authorization: Bearer`). The
 * commands come from the guild's command index as the person sees it, hidden ones
 * included; the current overwrites from the permission route with the same Bearer token.
 * Every answer is shown as the registry gave it: 20001, 50013, 50026 or the new overwrites.
 */
import type { HttpExchange, PermissionOverwrite } from '../../api/authorize-http.js';
import type { Slice } from '../../store/app-state.js';
import type { ClientDeps } from '../../store/deps.js';
import { withOverwrite } from './permission-targets.js';

export interface EditableCommand {
  id: string;
  name: string;
  /** The index hides it from the person (they may still edit who else sees it). */
  hidden: boolean;
}

export interface PermissionEditorSlice {
  permissionGuildId: string | null;
  permissionCommands: EditableCommand[];
  permissionCommandId: string | null;
  permissionDraft: PermissionOverwrite[];
  /** The last call to the registry (reading the commands, the overwrites, or saving them). */
  permissionExchange: HttpExchange | null;
  choosePermissionGuild(guildId: string): Promise<void>;
  choosePermissionCommand(commandId: string): Promise<void>;
  addPermissionOverwrite(overwrite: PermissionOverwrite): void;
  removePermissionOverwrite(id: string): void;
  savePermissions(): Promise<void>;
}

declare module '../../store/app-state.js' {
  interface AppState extends PermissionEditorSlice {}
}

function commandsOf(body: unknown, applicationId: string): EditableCommand[] {
  const index = body as { application_commands?: unknown; hidden_commands?: unknown } | null;
  const pick = (list: unknown, hidden: boolean) => (Array.isArray(list) ? list : [])
    .filter((command: Record<string, unknown>) => command.application_id === applicationId)
    .map((command: Record<string, unknown>) => ({ id: String(command.id), name: String(command.name), hidden }));
  return [...pick(index?.application_commands, false), ...pick(index?.hidden_commands, true)];
}

function overwritesOf(body: unknown): PermissionOverwrite[] {
  const permissions = (body as { permissions?: unknown } | null)?.permissions;
  return Array.isArray(permissions) ? (permissions as PermissionOverwrite[]) : [];
}

export function createPermissionEditorSlice(deps: ClientDeps): Slice<PermissionEditorSlice> {
  return (set, get) => {
    /** The app the flow authorized and the Bearer token it got, if any. */
    const authorized = () => {
      const flow = get().authorizeFlow;
      return flow?.token ? { applicationId: flow.expected.clientId, accessToken: flow.token.access_token } : undefined;
    };

    return {
      permissionGuildId: null,
      permissionCommands: [],
      permissionCommandId: null,
      permissionDraft: [],
      permissionExchange: null,

      async choosePermissionGuild(guildId) {
        const token = get().token;
        const grant = authorized();
        set({ permissionGuildId: guildId, permissionCommands: [], permissionCommandId: null, permissionDraft: [], permissionExchange: null });
        if (token === null || !grant) return;
        const answer = await deps.authorize.guildCommands(token, guildId);
        if (get().permissionGuildId !== guildId) return;
        const commands = answer.response?.status === 200 ? commandsOf(answer.response.body, grant.applicationId) : [];
        // The application id itself names the app-level overwrites, for commands without their own.
        set({
          permissionCommands: [...commands, { id: grant.applicationId, name: 'All commands (app-level)', hidden: false }],
          // The index itself is long and says little here; only a refusal is worth showing.
          permissionExchange: answer.response?.status === 200 ? null : answer,
        });
      },

      async choosePermissionCommand(commandId) {
        const guildId = get().permissionGuildId;
        const grant = authorized();
        set({ permissionCommandId: commandId, permissionDraft: [] });
        if (guildId === null || !grant) return;
        const answer = await deps.authorize.commandPermissions(grant.accessToken, grant.applicationId, guildId, commandId);
        if (get().permissionCommandId !== commandId) return;
        set({ permissionDraft: answer.response?.status === 200 ? overwritesOf(answer.response.body) : [], permissionExchange: answer });
      },

      addPermissionOverwrite(overwrite) {
        set({ permissionDraft: withOverwrite(get().permissionDraft, overwrite) });
      },

      removePermissionOverwrite(id) {
        set({ permissionDraft: get().permissionDraft.filter((entry) => entry.id !== id) });
      },

      async savePermissions() {
        const { permissionGuildId: guildId, permissionCommandId: commandId, permissionDraft } = get();
        const grant = authorized();
        if (guildId === null || commandId === null || !grant) return;
        const answer = await deps.authorize.editCommandPermissions(grant.accessToken, grant.applicationId, guildId, commandId, permissionDraft);
        if (get().permissionCommandId !== commandId) return;
        set({ permissionExchange: answer, ...(answer.response?.status === 200 ? { permissionDraft: overwritesOf(answer.response.body) } : {}) });
      },
    };
  };
}
