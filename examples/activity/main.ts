/**
 * The sample Activity, written as Discord's guide ("Building an Activity") writes one today:
 * `ready()`, `authorize()` (the client asks the person for consent), the code sent to the
 * Activity's own server through `/.proxy/api/token` to be exchanged for an access token,
 * then `authenticate()` with it. Then a few commands, events, and an external API reached
 * through `patchUrlMappings`. It runs on its own Vite dev server (`npm run activity`,
 * dev.mjs), framed through the registry's Activity proxy by the app's URL mappings.
 */
import { Common, DiscordSDK, patchUrlMappings } from '@discord/embedded-app-sdk';
import './style.css';
import { describeError, showChannel, showFact, showParticipants, showResult, showStep, showUser, type StepId } from './view.js';

// As in Discord's template: the client id from the env (.env, or what dev.mjs passes on).
const clientId = import.meta.env.VITE_DISCORD_CLIENT_ID;
/** The "external API" (server.mjs), on an origin of its own that the sandbox's CSP blocks. */
const quotesUrl = import.meta.env.VITE_QUOTES_URL ?? 'http://127.0.0.1:3002';

// Discord's Networking guide: requests to the external API go through the app's /quotes
// mapping instead, rewritten to this page's own origin (`/quotes/today`).
patchUrlMappings([{ prefix: '/quotes', target: new URL(quotesUrl).host }]);

const discordSdk = new DiscordSDK(clientId);

/** The step running now, which a failure is shown on. */
let step: StepId = 'ready';

async function setupDiscordSdk() {
  // Wait for the READY payload from the client
  await discordSdk.ready();
  showStep('ready', 'done', `instance ${discordSdk.instanceId}`);

  // The client asks the person to authorize the scopes below, and answers a code
  step = 'authorize';
  const { code } = await discordSdk.commands.authorize({
    client_id: clientId,
    response_type: 'code',
    state: '',
    prompt: 'none',
    scope: ['identify', 'guilds'],
  });
  showStep('authorize', 'done', `code ${code.slice(0, 8)}…`);

  // Retrieve an access_token from the Activity's server (Vite's dev server proxies /api to it)
  step = 'token';
  const response = await fetch('/.proxy/api/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`the server answered ${response.status}: ${JSON.stringify(answer)}`);
  const { access_token } = answer as { access_token: string };
  showStep('token', 'done', `access token ${access_token.slice(0, 6)}…`);

  // Authenticate with the client (using the access_token)
  step = 'authenticate';
  const auth = await discordSdk.commands.authenticate({ access_token });
  if (auth == null) throw new Error('Authenticate command failed');
  showStep('authenticate', 'done', `scopes ${auth.scopes.join(' ')}`);
  return auth;
}

/** Where the Activity runs and who is in it, kept current by the participants event. */
async function showWhereWeAre() {
  const channelId = discordSdk.channelId;
  const channel = channelId === null ? null : await discordSdk.commands.getChannel({ channel_id: channelId });
  showChannel(channel?.name ? `#${channel.name}` : 'a direct message');
  const { participants } = await discordSdk.commands.getInstanceConnectedParticipants();
  showParticipants(participants);
  await discordSdk.subscribe('ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE', (update) => showParticipants(update.participants));
}

/** The device, the phone's orientation and the layout, as the client tells them. */
async function showHowWeAreShown() {
  showFact('platform', discordSdk.platform, discordSdk.platform);
  await discordSdk.subscribe('ORIENTATION_UPDATE', ({ screen_orientation }) => showFact(
    'orientation', screen_orientation === Common.OrientationTypeObject.LANDSCAPE ? 'landscape' : 'portrait', String(screen_orientation),
  ));
  await discordSdk.subscribe('ACTIVITY_LAYOUT_MODE_UPDATE', ({ layout_mode }) => showFact(
    'layout-mode', layout_mode === Common.LayoutModeTypeObject.PIP ? 'picture-in-picture' : 'focused', String(layout_mode),
  ));
}

/** The external API's quote, fetched at its own URL: patchUrlMappings sends it through /quotes. */
async function showQuote() {
  const response = await fetch(`${quotesUrl}/today`);
  if (!response.ok) throw new Error(`the quotes API answered ${response.status}`);
  const { text } = await response.json() as { text: string };
  showFact('quote', text, 'loaded');
}

showQuote().catch((error: unknown) => showFact('quote', describeError(error), 'failed'));

document.querySelector('[data-testid="open-link"]')?.addEventListener('click', () => {
  discordSdk.commands.openExternalLink({ url: 'https://discord.com/developers/docs/activities/overview' })
    .then(({ opened }) => showResult(`openExternalLink: opened ${String(opened)}`), (error) => showResult(describeError(error)));
});

// The client answers what it does not handle with the SDK's error (INVALID_COMMAND, 4002).
document.querySelector('[data-testid="unsupported-command"]')?.addEventListener('click', () => {
  discordSdk.commands.startPurchase({ sku_id: '1' })
    .then(() => showResult('startPurchase answered'), (error) => showResult(describeError(error)));
});

setupDiscordSdk()
  .then(async (auth) => {
    showUser(auth.user, auth.scopes);
    // The SDK forwards console calls to the client, which shows them in its inspector.
    console.info(`Authenticated as ${auth.user.username}`);
    await showWhereWeAre();
    await showHowWeAreShown();
  })
  .catch((error: unknown) => showStep(step, 'failed', describeError(error)));
