import { describe, expect, it } from 'vitest';
import { type Job, Scheduler } from '../src/pool/schedule.js';

interface EchoTask {
  readonly index: number;
  readonly id: string;
}

const settings = (workers: number) => ({
  workers,
  filename: new URL('./fixtures/echo-worker.mjs', import.meta.url).href,
  liveFields: 1,
  common: { run: 'common' },
});

describe('scheduler', () => {
  it('runs queued tasks by rank, then leftmost in the tree (deeper first under one node), then first come', async () => {
    const s = new Scheduler<EchoTask>(settings(1), () => {});
    const done: string[] = [];
    const add = (id: string, rank: number, path: number[]) =>
      s.run<string>({ index: 1, id }, rank, undefined, path).then((r) => done.push(r!));
    // The first takes the only worker at once; the others wait in the queue.
    const all = [
      add('busy', 9, []),
      add('r1 [2]', 1, [2]),
      add('r1 [0 1] a', 1, [0, 1]),
      add('r0 [3]', 0, [3]),
      add('r1 [0]', 1, [0]),
      add('r1 [0 1] b', 1, [0, 1]),
      add('r1 [1 0 0]', 1, [1, 0, 0]),
    ];
    await Promise.all(all);
    await s.destroy();
    expect(done).toEqual(['busy', 'r0 [3]', 'r1 [0 1] a', 'r1 [0 1] b', 'r1 [0]', 'r1 [1 0 0]', 'r1 [2]']);
  });

  it('a task cancelled while queued never runs and resolves to null; tasks carry the common fields', async () => {
    const s = new Scheduler<EchoTask>(settings(1), () => {});
    let started: Job | undefined;
    let queued: Job | undefined;
    const first = s.run<string>({ index: 1, id: 'first' }, 0, (j) => {
      started = j;
    });
    const second = s.run<string>({ index: 2, id: 'second' }, 0, (j) => {
      queued = j;
    });
    expect(queued).toBeDefined();
    s.cancel(queued!);
    expect(await second).toBeNull();
    expect(await first).toBe('first');
    // Asserted here, not in the callback: a callback that never ran would assert nothing.
    expect(started?.task).toMatchObject({ run: 'common', index: 1, attempt: 1 });
    await s.destroy();
  });
});
