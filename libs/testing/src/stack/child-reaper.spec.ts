import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { killLeftoverChildren, trackChild } from './child-reaper.js';

describe('child reaper', () => {
  it('kills a tracked process still running and names it; one that exited is forgotten', async () => {
    const done = trackChild(spawn('true'));
    await once(done, 'exit');
    const left = trackChild(spawn('sleep', ['30']));
    const exited = once(left, 'exit');
    expect(killLeftoverChildren()).toEqual(['sleep 30']);
    const [, signal] = await exited;
    expect(signal).toBe('SIGKILL');
    expect(killLeftoverChildren()).toEqual([]);
  });
});
