/**
 * piscina's entry for the pool's worker (worker.ts). piscina require()s its
 * worker file before it tries import(); Node 20's require() of an ES module
 * once aborted a worker at start-up (an assertion inside Node, not an error
 * we can catch), so the file piscina loads is CommonJS and imports the module.
 * The import starts when the thread does, as the module did when required.
 */
const handler = import('./worker.js').then((m) => m.default as (task: unknown) => unknown);
handler.catch(() => {}); // a failed import is reported by the first task, which awaits it
module.exports = async function run(task: unknown): Promise<unknown> {
  return (await handler)(task);
};
