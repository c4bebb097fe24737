/**
 * The test clock as a source of deadlines (driver/adjustable-clock.ts): held, a deadline
 * comes only when a test moves the clock to it, earliest first; on the machine's time, it
 * comes as time passes; a cancelled one never comes.
 */
import { describe, expect, it } from 'vitest';
import { AdjustableClock } from '../../src/registry/driver/adjustable-clock.js';

describe('deadlines on the test clock', () => {
  it('held: fire only when the clock is moved to them, earliest first, each once', () => {
    const clock = new AdjustableClock(() => 1_000_000);
    const fired: string[] = [];
    clock.after(300, () => fired.push('300'));
    clock.after(100, () => fired.push('100'));
    const cancel = clock.after(200, () => fired.push('200'));
    cancel();
    clock.advance(99);
    expect(fired).toEqual([]);
    clock.advance(250);
    expect(fired).toEqual(['100', '300']);
    clock.advance(1000);
    expect(fired).toEqual(['100', '300']);
    expect(clock.now()).toBe(1_000_000 + 1349);
  });

  it('on the machine\'s time: fires as time passes', async () => {
    const clock = new AdjustableClock();
    const started = clock.now();
    const at = await new Promise<number>((resolve) => clock.after(20, () => resolve(clock.now())));
    expect(at - started).toBeGreaterThanOrEqual(20);
  });
});
