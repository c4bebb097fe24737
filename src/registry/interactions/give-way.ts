/**
 * Lets the requests already waiting to be read go first. An interaction's bookkeeping after
 * its app has it (the endpoint's inline answer applied: its message stored and told, the
 * interaction marked answered) would run on the turn that read the endpoint's answer, and
 * the next invocation a person sent meanwhile would wait for all of it before its own app's
 * copy could leave: the delivery benchmark, measuring as a user does (bench/as-a-user.ts),
 * found the previous interaction's bookkeeping in front of invocations sent back to back.
 * Before that work, the event loop polls once more, so a request that came in is read, and
 * an invocation goes on to its app, first.
 *
 * Nothing it postpones is owed to anyone in between: a step of the store is as it is on a
 * team's PostgreSQL, where every statement is a round trip and other requests run between
 * them anyway.
 */

/**
 * Resolves after the event loop has polled for I/O once more. One `setImmediate` from an I/O
 * callback runs before the next poll (the check phase follows the poll phase); the second,
 * queued from the check phase, runs only after the next poll.
 */
export function giveWay(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
