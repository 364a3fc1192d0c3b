/**
 * What a whole test file shares (a service, a stack of them): started before the file's tests (beforeAll),
 * stopped after them (afterAll). The answer stands in for it, so tests use it as they would the value
 * itself; each property is read from what `start` gave.
 *
 *   const auth = startedForTheFile(() => startAuth('accounts'));
 */
export function startedForTheFile<T extends { stop(): Promise<void> }>(start: () => Promise<T>): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(() => started?.stop());
  return new Proxy({} as T, {
    get(_target, property) {
      // Symbols are what jest and util.inspect probe any object for: nothing to start for.
      if (typeof property === 'symbol') return started === undefined ? undefined : Reflect.get(started, property);
      if (started === undefined) throw new Error(`${property} is read before the file's beforeAll has started it`);
      return Reflect.get(started, property);
    },
  });
}
