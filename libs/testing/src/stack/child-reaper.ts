import type { ChildProcess } from 'node:child_process';

/**
 * Every server a test file spawns (apps, nats-server) is tracked here until it exits, so none
 * outlives its test file: when a `beforeAll` times out while a stack is still starting, the stack
 * object is never returned and its `afterAll` has nothing to stop, yet the processes run on and
 * load the machine for the files after it. Jest's module registry is per test file, so this set is
 * too.
 */
const live = new Set<ChildProcess>();
let exitHookInstalled = false;

export function trackChild<T extends ChildProcess>(child: T): T {
  live.add(child);
  child.once('exit', () => live.delete(child));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // 'exit' handlers must be synchronous: a kill signal is.
    process.once('exit', () => killLeftoverChildren());
  }
  return child;
}

/** Kills what is still running (the file's own teardown has already stopped what it knew of). */
export function killLeftoverChildren(): string[] {
  const killed = [...live].filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of killed) child.kill('SIGKILL');
  live.clear();
  return killed.map((child) => child.spawnfile.split('/').pop() + (child.spawnargs[1] ? ` ${child.spawnargs[1]}` : ''));
}
