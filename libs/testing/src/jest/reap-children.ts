import { afterAll } from '@jest/globals';
import { killLeftoverChildren } from '../stack/child-reaper.js';

// Runs after every test file's own afterAll hooks: whatever they did not stop is killed and named.
afterAll(() => {
  const killed = killLeftoverChildren();
  if (killed.length > 0) process.stderr.write(`test teardown: killed ${killed.length} process(es) the file left running: ${killed.join(', ')}\n`);
});
