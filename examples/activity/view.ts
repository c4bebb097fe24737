/** What the sample Activity shows: each step of its story, the signed-in user, where it runs. */

export type StepId = 'ready' | 'authorize' | 'token' | 'authenticate';

function element(testId: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
  if (!found) throw new Error(`the page has no ${testId}`);
  return found;
}

/** Marks a step done or failed, with what it got or why it failed. */
export function showStep(id: StepId, status: 'done' | 'failed', detail: string): void {
  const step = element(`step-${id}`);
  step.dataset.status = status;
  const text = step.querySelector('.step__detail');
  if (text) text.textContent = detail;
}

/** A thrown Error, or an SDK error (the client's `{code, message}`), in one line. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return `Error ${String(code)}: ${String(message)}`;
}

/** The person `authenticate()` answered with, and the scopes granted. */
export function showUser(user: { username: string; global_name?: string | null }, scopes: ReadonlyArray<string | number>): void {
  element('user-name').textContent = user.global_name ?? user.username;
  element('user-handle').textContent = `@${user.username}`;
  element('user-scopes').textContent = `(${scopes.join(', ')})`;
  element('user').hidden = false;
  element('user-pending').hidden = true;
}

/** Where the Activity runs, from `getChannel()`. */
export function showChannel(name: string): void {
  element('channel-name').textContent = name;
}

/** Who is in the Activity, as the SDK names them (nick first). */
export function showParticipants(participants: ReadonlyArray<{ username: string; global_name?: string | null; nickname?: string }>): void {
  element('participants').textContent = participants.map((person) => person.nickname ?? person.global_name ?? person.username).join(', ') || 'nobody';
}

/** One fact (the client's, or the quotes API's): its words, and its value in `data-value` for tests to wait on. */
export function showFact(testId: string, text: string, value: string): void {
  element(testId).textContent = text;
  element(testId).dataset.value = value;
}

/** What the last button's command answered. */
export function showResult(text: string): void {
  element('command-result').textContent = text;
}
