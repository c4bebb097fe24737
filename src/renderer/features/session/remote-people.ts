/**
 * The people of a remote registry: the host contract's `listUsers` and `openSession` answer
 * only on the machine that runs a registry, so on a remote one the client acts as the
 * people its tokens belong to (`GET /users/@me` per token), and says plainly which token
 * the registry refused or whether it could not be reached at all.
 */
import type { HostUser } from '../../../shared/host-contract.js';
import type { CurrentUser } from '../../api/wire-types.js';
import type { RestAnswer } from '../../store/deps.js';

export interface RemotePeople {
  people: HostUser[];
  /** The token of each person, by id. */
  tokens: Map<string, string>;
  /** What went wrong, in words; null when every token works. */
  problem: string | null;
}

/** A token as the person can recognize it without the page showing it whole. */
export function tokenLabel(token: string, index: number): string {
  return `token ${index + 1} (…${token.slice(-4)})`;
}

function refusal(url: string, answer: RestAnswer<CurrentUser> & { ok: false }, label: string): string {
  if (answer.status === 0) return `The remote registry at ${url} could not be reached. Is it running, and is the address right?`;
  if (answer.status === 401) return `The remote registry at ${url} refused ${label} (401: ${answer.error.message.replace(/^401: /, '')}).`;
  return `The remote registry at ${url} answered ${answer.status} for ${label}: ${answer.error.message}`;
}

/** The people behind `tokens` from each token's `/users/@me` answer, in the tokens' order. */
export function remotePeople(url: string, tokens: readonly string[], answers: ReadonlyArray<RestAnswer<CurrentUser>>): RemotePeople {
  const people: HostUser[] = [];
  const byId = new Map<string, string>();
  const problems: string[] = [];
  answers.forEach((answer, index) => {
    const token = tokens[index] ?? '';
    if (!answer.ok) {
      problems.push(refusal(url, answer, tokenLabel(token, index)));
      return;
    }
    const user = answer.body;
    if (user.bot) {
      problems.push(`${tokenLabel(token, index)} belongs to the bot ${user.username}; the client acts as people only.`);
      return;
    }
    if (byId.has(user.id)) return;
    byId.set(user.id, token);
    people.push({ id: user.id, username: user.username, global_name: user.global_name ?? null, locale: user.locale ?? null });
  });
  // One unreachable registry makes every token fail the same way: say it once.
  const unique = [...new Set(problems)];
  return { people, tokens: byId, problem: unique.length === 0 ? null : unique.join(' ') };
}
