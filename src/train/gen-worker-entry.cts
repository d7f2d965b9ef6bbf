/** piscina's entry for gen-worker.ts: CommonJS, for the reason given in ../pool/worker-entry.cts. */
const handler = import('./gen-worker.js').then((m) => m.default as (task: unknown) => unknown);
handler.catch(() => {}); // a failed import is reported by the first task, which awaits it
module.exports = async function genBatch(task: unknown): Promise<unknown> {
  return (await handler)(task);
};
