/**
 * The Authorize panel: `AuthorizationArgs` built field by field. Opening it asks the host
 * for fresh values from the native addon (verifier and challenge, state, nonce, the SDK's
 * default scopes, the redirects the host catches) and the world for its apps; every edit
 * has the addon build the URL again, so the panel shows the URL a game would open and
 * the addon's own refusal of a value it does not take.
 */
import type { HostOutput } from '../../../shared/host-contract.js';
import type { Slice } from '../../store/app-state.js';
import type { ClientDeps } from '../../store/deps.js';
import {
  authorizeUrlInput, preferredApplication, scopeList, toggled, type AuthorizeForm, type WorldApplication,
} from './authorize-form.js';

export type AuthorizeSetup = Omit<HostOutput<'createAuthorization'>, 'verifier' | 'challenge' | 'state' | 'nonce'>;
export type BuiltAuthorizeUrl = HostOutput<'buildAuthorizeUrl'>;

/** A value the panel can ask the addon for again. */
export type FreshValue = 'verifier' | 'state' | 'nonce';

export interface AuthorizeSlice {
  authorizeOpen: boolean;
  authorizeSetup: AuthorizeSetup | null;
  authorizeApplications: WorldApplication[];
  authorizeForm: AuthorizeForm;
  authorizeUrl: BuiltAuthorizeUrl | null;
  /** Why the current fields make no URL (the addon's words), or why the host cannot help. */
  authorizeUrlError: string | null;
  openAuthorize(): Promise<void>;
  closeAuthorize(): void;
  setAuthorizeField<K extends keyof AuthorizeForm>(field: K, value: AuthorizeForm[K]): void;
  toggleAuthorizeScope(scope: string): void;
  /** The SDK's default scope sets: `communication` or `presence`; they replace the chosen scopes, as `SetScopes` does. */
  chooseDefaultScopes(kind: 'communication' | 'presence'): void;
  regenerateAuthorizeValue(value: FreshValue): Promise<void>;
  /** Has the addon build the URL from the fields now; the answer, or null (with the reason in `authorizeUrlError`). */
  buildAuthorizeUrl(): Promise<BuiltAuthorizeUrl | null>;
}

declare module '../../store/app-state.js' {
  interface AppState extends AuthorizeSlice {}
}

const EMPTY_FORM: AuthorizeForm = {
  clientId: '', scopes: [], state: '', nonce: '', verifier: '', challenge: '', integrationType: '', customScheme: '', redirect: 'loopback',
};

function readApplications(body: unknown): WorldApplication[] {
  const applications = (body as { applications?: unknown } | null)?.applications;
  if (!Array.isArray(applications)) return [];
  return applications.flatMap((entry: Record<string, unknown>) => (typeof entry.id === 'string' && typeof entry.name === 'string'
    ? [{ id: entry.id, name: entry.name, redirect_uris: Array.isArray(entry.redirect_uris) ? entry.redirect_uris.map(String) : [] }]
    : []));
}

export function createAuthorizeSlice(deps: ClientDeps): Slice<AuthorizeSlice> {
  return (set, get) => {
    /** Builds answer only for the newest edit: an older answer arriving late is dropped. */
    let builds = 0;
    const rebuild = () => void get().buildAuthorizeUrl();

    return {
      authorizeOpen: false,
      authorizeSetup: null,
      authorizeApplications: [],
      authorizeForm: EMPTY_FORM,
      authorizeUrl: null,
      authorizeUrlError: null,

      async openAuthorize() {
        set({ authorizeOpen: true, authorizeUrlError: null });
        if (get().authorizeSetup !== null) return;
        const created = await deps.host.createAuthorization({});
        if (!created.ok) {
          set({ authorizeUrlError: created.error.message });
          return;
        }
        const { verifier, challenge, state, nonce, ...setup } = created.value;
        const token = get().token;
        const world = token === null ? null : await deps.authorize.world(token);
        const applications = world?.response?.status === 200 ? readApplications(world.response.body) : [];
        const app = preferredApplication(applications, setup.loopback_redirect_uri);
        set({
          authorizeSetup: setup,
          authorizeApplications: applications,
          authorizeForm: {
            ...EMPTY_FORM, clientId: app?.id ?? '', scopes: scopeList(setup.default_scopes.communication),
            state, nonce, verifier, challenge: challenge.challenge, customScheme: setup.deep_link_scheme ?? '',
          },
        });
        rebuild();
      },

      closeAuthorize() {
        set({ authorizeOpen: false });
      },

      setAuthorizeField(field, value) {
        set({ authorizeForm: { ...get().authorizeForm, [field]: value } });
        rebuild();
      },

      toggleAuthorizeScope(scope) {
        get().setAuthorizeField('scopes', toggled(get().authorizeForm.scopes, scope));
      },

      chooseDefaultScopes(kind) {
        const setup = get().authorizeSetup;
        if (setup) get().setAuthorizeField('scopes', scopeList(setup.default_scopes[kind]));
      },

      async regenerateAuthorizeValue(value) {
        const created = await deps.host.createAuthorization({});
        if (!created.ok) {
          set({ authorizeUrlError: created.error.message });
          return;
        }
        const form = get().authorizeForm;
        set({
          authorizeForm: value === 'verifier'
            ? { ...form, verifier: created.value.verifier, challenge: created.value.challenge.challenge }
            : { ...form, [value]: created.value[value] },
        });
        rebuild();
      },

      async buildAuthorizeUrl() {
        const build = ++builds;
        const built = await deps.host.buildAuthorizeUrl(authorizeUrlInput(get().authorizeForm, deps.authorize.baseUrl()));
        if (build !== builds) return built.ok ? built.value : null;
        if (!built.ok) {
          set({ authorizeUrl: null, authorizeUrlError: built.error.message });
          return null;
        }
        set({ authorizeUrl: built.value, authorizeUrlError: null });
        return built.value;
      },
    };
  };
}
