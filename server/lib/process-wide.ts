/**
 * One value for `key` in the whole process, made by `make` the first time any copy of the asking
 * module asks. State kept in a module is kept once per copy of it, and the server loads two: the
 * app's (build/server, or Vite's module graph in development) and server/serve.ts's own.
 */
export function processWide<T>(key: string, make: () => T): T {
  const store = globalThis as typeof globalThis & Record<symbol, T | undefined>;
  const symbol = Symbol.for(`shop.${key}`);
  store[symbol] ??= make();
  return store[symbol];
}
