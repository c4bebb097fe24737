/** Types of server.mjs, for the tests that start the token server alone. */
export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

export interface TokenCredentials {
  clientId: string;
  clientSecret: string;
  /** The registry's URL, whose token endpoint exchanges the codes. */
  registry: string;
}

export function startTokenServer(options: { port: number; credentials: () => TokenCredentials }): Promise<RunningServer>;
export function startQuotesServer(options: { port: number }): Promise<RunningServer>;
