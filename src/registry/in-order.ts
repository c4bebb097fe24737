/**
 * A queue that runs jobs one after another in the order they were given. Work that reads
 * the store is asynchronous, yet what it answers must keep its order: a gateway session's
 * frames (IDENTIFY before the request that follows it), and the bus's events on their way
 * to sessions. A job that fails is reported, and the next ones still run.
 */
export function inOrder(report: (error: unknown) => void): (job: () => void | Promise<void>) => void {
  let tail: Promise<void> = Promise.resolve();
  return (job) => {
    tail = tail.then(job).catch(report);
  };
}
