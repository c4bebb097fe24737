/**
 * The Authorize flow the panel starts, as the SDK and the chat client run it together:
 * the client's consent screen asks the authorize API (with the person's session token),
 * the person answers, the browser follows the redirect to the host's listener (loopback
 * route or deep link), and the SDK side takes it from the host: it checks the state,
 * exchanges the code with its verifier as a public client, and verifies the id_token
 * against the JWKS. Each step lands in the timeline with its request and answer.
 *
 * The failure modes change one thing on purpose: the redirect's state (an injected
 * redirect), the verifier sent, or the code's life (expired through the management API).
 */
import type { Slice } from '../../store/app-state.js';
import type { ClientDeps } from '../../store/deps.js';
import { queryOf } from './authorize-form.js';
import { readConsent, type ConsentView } from './consent-view.js';
import { advance, errorLine, fail, FLOW_MODES, type FlowMode, type FlowProgress, type FlowStep } from './flow-steps.js';
import { describeReading, readRedirect, stateIn, tamperState } from './redirect-check.js';

/** What the token endpoint answered, as the permission editor uses it. */
export interface ObtainedToken {
  access_token: string;
  scope: string;
  expires_in: number;
  refresh_token?: string;
  id_token?: string;
}

export interface AuthorizeFlow extends FlowProgress {
  id: number;
  mode: FlowMode;
  expected: {
    clientId: string;
    state: string;
    nonce: string | null;
    verifier: string;
    redirectUri: string;
    query: string;
    /** Redirects the host caught before this flow: the flow's is the next one. */
    sequence: number;
  };
  consent: ConsentView | null;
  /** Why the consent screen's answer was refused (e.g. no guild for `bot`); the screen stays open. */
  consentError: string | null;
  token: ObtainedToken | null;
}

export interface AuthorizeFlowSlice {
  authorizeFlow: AuthorizeFlow | null;
  startAuthorize(mode: FlowMode): Promise<void>;
  answerConsent(authorize: boolean, guildId: string | null): Promise<void>;
  /** Forgets the flow (and stops waiting for its redirect). */
  resetAuthorizeFlow(): void;
}

declare module '../../store/app-state.js' {
  interface AppState extends AuthorizeFlowSlice {}
}

function readToken(body: unknown): ObtainedToken | undefined {
  const token = body as Partial<ObtainedToken> | null;
  return token && typeof token.access_token === 'string' ? (token as ObtainedToken) : undefined;
}

export function createAuthorizeFlowSlice(deps: ClientDeps): Slice<AuthorizeFlowSlice> {
  return (set, get) => {
    let flows = 0;
    /** The flow `id` if it is still the current one. */
    const current = (id: number) => {
      const flow = get().authorizeFlow;
      return flow !== null && flow.id === id ? flow : undefined;
    };
    const update = (id: number, change: (flow: AuthorizeFlow) => AuthorizeFlow) => {
      const flow = current(id);
      if (flow) set({ authorizeFlow: change(flow) });
    };
    const sessionToken = () => get().token ?? '';

    /** The browser follows `location`; the SDK side waits for the host to catch it. */
    const followRedirect = async (id: number, location: string) => {
      update(id, (flow) => advance(flow, {
        id: 'redirect', title: 'Redirect', status: 'waiting', link: location,
        summary: `The browser follows the redirect to ${flow.expected.redirectUri.split('?')[0]}; the client waits for the host to catch it.`,
        facts: [{ label: 'location', value: location }],
      }, 'redirect'));
      deps.followRedirect(location);
      for (;;) {
        const flow = current(id);
        if (!flow || flow.phase !== 'redirect') return;
        const answer = await deps.host.awaitRedirect({ after: flow.expected.sequence });
        if (!current(id)) return;
        if (!answer.ok) {
          update(id, (state) => fail(state, { id: 'redirect', title: 'Redirect', status: 'failed', summary: answer.error.message }, answer.error.message));
          return;
        }
        if (answer.value.redirect !== null) return readCaught(id, answer.value.redirect.url, answer.value.redirect.via);
      }
    };

    /** The SDK's callback handler: the state first, then the code or the error. */
    const readCaught = async (id: number, url: string, via: string) => {
      const flow = current(id);
      if (!flow) return;
      const reading = readRedirect(url, flow.expected);
      const step: FlowStep = {
        id: 'redirect', title: 'Redirect', status: reading.kind === 'code' ? 'ok' : 'failed', summary: describeReading(reading),
        facts: [
          { label: `caught via ${via}`, value: url },
          { label: 'state expected', value: flow.expected.state },
          { label: 'state received', value: stateIn(url) ?? '(none)' },
          ...(reading.kind === 'code' ? [{ label: 'code', value: reading.code }] : []),
        ],
      };
      if (reading.kind !== 'code') {
        const outcome = reading.kind === 'state-mismatch' ? 'State mismatch: the client refused the redirect.'
          : reading.kind === 'error' ? `The authorization ended with ${reading.error}.` : describeReading(reading);
        update(id, (state) => fail(state, step, outcome));
        return;
      }
      update(id, (state) => advance(state, step, 'exchange'));
      await exchangeCode(id, reading.code);
    };

    const exchangeCode = async (id: number, code: string) => {
      const flow = current(id);
      if (!flow) return;
      if (flow.mode === 'expired-code') {
        const expired = await deps.authorize.expireCode(sessionToken(), code);
        const ok = expired.response?.status === 204;
        update(id, (state) => advance(state, {
          id: 'expire', title: 'Expire the code', status: ok ? 'ok' : 'failed', exchange: expired,
          summary: ok ? 'The management API ended the code\'s ten-minute life now.' : `The code could not be expired: ${errorLine(expired)}`,
        }));
      }
      let verifier = flow.expected.verifier;
      if (flow.mode === 'wrong-verifier') {
        const fresh = await deps.host.createAuthorization({});
        if (fresh.ok) verifier = fresh.value.verifier;
      }
      const form = {
        grant_type: 'authorization_code', code, redirect_uri: flow.expected.redirectUri, client_id: flow.expected.clientId, code_verifier: verifier,
      };
      const answer = await deps.authorize.token(form);
      if (!current(id)) return;
      const token = answer.response?.status === 200 ? readToken(answer.response.body) : undefined;
      const verifierFact = { label: 'code_verifier', value: verifier === flow.expected.verifier ? `${verifier} (the flow's)` : `${verifier} (not the flow's)` };
      if (!token) {
        const line = errorLine(answer);
        update(id, (state) => fail(state, {
          id: 'token', title: 'Token request', status: 'failed', exchange: answer, facts: [verifierFact],
          summary: `The token endpoint refused the code: ${line}`,
        }, `The token endpoint refused the code: ${line}`));
        return;
      }
      update(id, (state) => ({
        ...advance(state, {
          id: 'token', title: 'Token request', status: 'ok', exchange: answer, facts: [verifierFact, { label: 'scope', value: token.scope }],
          summary: 'A public client\'s exchange: client_id and the verifier, no secret. The endpoint answered with tokens.',
        }),
        token,
      }));
      if (token.id_token === undefined) {
        update(id, (state) => advance(state, null, 'done', { ok: true, text: 'Authorized: the token is ready (no id_token: openid was not granted).' }));
        return;
      }
      await verifyToken(id, token.id_token);
    };

    const verifyToken = async (id: number, idToken: string) => {
      const flow = current(id);
      if (!flow) return;
      const keys = await deps.authorize.keys();
      update(id, (state) => advance(state, {
        id: 'keys', title: 'JWKS', status: keys.response?.status === 200 ? 'ok' : 'failed', exchange: keys,
        summary: 'The registry\'s id_token signing keys.',
      }));
      // Loaded here, not with the page: only this step of the Authorize flow checks an id_token (with jose).
      const { verifyIdToken } = await import('./id-token.js');
      const report = await verifyIdToken(idToken, keys.response?.body, {
        issuer: deps.authorize.baseUrl(), audience: flow.expected.clientId, nonce: flow.expected.nonce, now: deps.now(),
      });
      const step: FlowStep = {
        id: 'id-token', title: 'id_token', status: report.valid ? 'ok' : 'failed',
        summary: report.valid
          ? 'Signature valid, nonce matches: every check passed, so the client trusts this sign-in.'
          : `Refused: ${report.checks.filter((check) => !check.ok).map((check) => check.detail).join(' ')}`,
        facts: report.checks.map((check) => ({ label: check.name, value: `${check.ok ? 'ok' : 'failed'}: ${check.detail}` })),
        document: { header: report.header, claims: report.claims },
      };
      update(id, (state) => (report.valid
        ? advance(state, step, 'done', { ok: true, text: 'Authorized: signature valid, nonce matches. The token is ready.' })
        : fail(state, step, 'The id_token did not pass the client\'s checks.')));
    };

    return {
      authorizeFlow: null,

      async startAuthorize(mode) {
        const built = await get().buildAuthorizeUrl();
        const form = get().authorizeForm;
        if (built === null) return;
        const id = ++flows;
        const query = queryOf(built.url);
        set({
          authorizeFlow: {
            id, mode, phase: 'consent', outcome: null, consent: null, consentError: null, token: null,
            expected: {
              clientId: built.args.client_id ?? form.clientId, state: built.state, nonce: built.args.nonce, verifier: form.verifier,
              redirectUri: built.redirect_uri, query, sequence: built.redirect_sequence,
            },
            steps: [
              {
                id: 'verifier', title: 'Code verifier', status: 'ok', summary: 'Made by the native addon (createAuthorizationCodeVerifier): 32 random bytes, base64url; the challenge is its S256.',
                facts: [{ label: 'verifier', value: form.verifier }, { label: 'challenge (S256)', value: form.challenge }],
              },
              {
                id: 'url', title: 'Authorize URL', status: 'ok', summary: `Built by the native addon (buildAuthorizeUrl). ${FLOW_MODES[mode].description}`,
                facts: [{ label: 'url', value: built.url }, { label: 'state', value: built.state }, { label: 'redirect_uri', value: built.redirect_uri }],
                document: built.args,
              },
            ],
          },
        });
        const answer = await deps.authorize.consent(sessionToken(), query);
        if (!current(id)) return;
        const view = answer.response?.status === 200 ? readConsent(answer.response.body) : undefined;
        if (view) {
          update(id, (flow) => ({
            ...advance(flow, { id: 'consent', title: 'Consent screen', status: 'ok', exchange: answer, summary: `The client asks ${view.user.username} to authorize ${view.application.name}.` }),
            consent: view,
          }));
          return;
        }
        const location = (answer.response?.body as { location?: unknown } | null)?.location;
        const step: FlowStep = { id: 'consent', title: 'Consent screen', status: 'failed', exchange: answer, summary: `The authorize API refused the request: ${errorLine(answer)}` };
        if (typeof location === 'string') {
          // RFC 6749 §4.1.2.1: this refusal goes back to the client through its redirect.
          update(id, (flow) => advance(flow, step));
          await followRedirect(id, location);
          return;
        }
        update(id, (flow) => fail(flow, step, step.summary));
      },

      async answerConsent(authorize, guildId) {
        const flow = get().authorizeFlow;
        if (!flow || flow.consent === null) return;
        const { id } = flow;
        const answer = await deps.authorize.decide(sessionToken(), flow.expected.query, { authorize, ...(guildId ? { guild_id: guildId } : {}) });
        if (!current(id)) return;
        const location = (answer.response?.body as { location?: unknown } | null)?.location;
        if (answer.response?.status !== 200 || typeof location !== 'string') {
          update(id, (state) => ({ ...state, consentError: errorLine(answer) }));
          return;
        }
        const delivered = flow.mode === 'tamper-state' ? tamperState(location) : location;
        update(id, (state) => ({
          ...advance(state, {
            id: 'decision', title: authorize ? 'Authorized' : 'Cancelled', status: 'ok', exchange: answer,
            summary: flow.mode === 'tamper-state'
              ? 'The registry answered the redirect; on its way it was swapped for one with another request\'s state (an injected redirect).'
              : `The registry answered where to send the browser${authorize ? ', with a code and the state' : ', with error=access_denied'}.`,
            ...(delivered === location ? {} : { facts: [{ label: 'delivered instead', value: delivered }] }),
          }),
          consent: null, consentError: null,
        }));
        await followRedirect(id, delivered);
      },

      resetAuthorizeFlow() {
        set({ authorizeFlow: null });
      },
    };
  };
}
