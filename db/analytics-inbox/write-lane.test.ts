// The writer's lane: one task at a time, inserts before drain chunks, and drain chunks never starved by inserts.
import { describe, expect, it } from 'vitest';
import { WriteLane } from './write-lane.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('WriteLane', () => {
  it('runs one task at a time, waiting inserts before a waiting drain chunk when it owes the drain no time', async () => {
    const lane = new WriteLane({ backgroundShare: 0 });
    const order: string[] = [];
    let running = 0;
    const task = (name: string, ms: number) => async () => {
      running += 1;
      expect(running).toBe(1);
      await sleep(ms);
      order.push(name);
      running -= 1;
    };
    const first = lane.urgently(task('insert 1', 5));
    const drain = lane.inBackground(task('drain', 1));
    const inserts = [lane.urgently(task('insert 2', 1)), lane.urgently(task('insert 3', 1))];
    await Promise.all([first, drain, ...inserts]);
    expect(order).toEqual(['insert 1', 'insert 2', 'insert 3', 'drain']);
  });

  it('gives drain chunks their share of the time while inserts never stop coming', async () => {
    const lane = new WriteLane({ backgroundShare: 0.3 });
    let inserts = 0;
    let stop = false;
    // Always one insert waiting: each one queues the next before it ends.
    const insertForever = async (): Promise<void> => {
      while (!stop) {
        const next = lane.urgently(() => sleep(2));
        inserts += 1;
        await next;
      }
    };
    const loops = [insertForever(), insertForever()];
    let chunks = 0;
    const started = performance.now();
    while (performance.now() - started < 300) {
      await lane.inBackground(() => sleep(2));
      chunks += 1;
    }
    stop = true;
    await Promise.all(loops);
    // About 30 % of 300 ms in 2 ms chunks would be ~45; starved, it would be 0 or 1.
    expect(chunks).toBeGreaterThan(10);
    expect(inserts).toBeGreaterThan(chunks);
  });

  it("passes a task's failure to its caller and goes on with the next", async () => {
    const lane = new WriteLane();
    const failing = lane.urgently(async () => {
      throw new Error('refused');
    });
    const next = lane.urgently(async () => 'done');
    await expect(failing).rejects.toThrow('refused');
    await expect(next).resolves.toBe('done');
  });
});
