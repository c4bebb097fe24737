/// <reference types="vite/client" />
/** What the page reads from its env (`.env`, or the environment `npm run activity` passes on). */
interface ImportMetaEnv {
  /** The app's id, the SDK's client id: the Portal's Application ID. */
  readonly VITE_DISCORD_CLIENT_ID: string;
  /** Where the quotes API lives (`http://host:port`), a URL the /quotes mapping covers. */
  readonly VITE_QUOTES_URL?: string;
}
