/**
 * One value per process, made on first use. Next.js bundles pages, route
 * handlers, server actions and instrumentation separately, so module state
 * can exist twice in one server: a second study cache, database handle or
 * partner service would split what must be shared (a load in progress, a
 * rate limit, a throttle). The value lives on globalThis under a registry
 * symbol instead, which every copy of a module sees.
 */
export function processSingleton<T>(name: string, create: () => T): T {
  const slots = globalThis as unknown as Record<symbol, T | undefined>;
  const slot = Symbol.for(`study-portal.${name}`);
  let value = slots[slot];
  if (value === undefined) {
    value = create();
    slots[slot] = value;
  }
  return value;
}

/** Forgets a singleton, for tests and for a value whose creation failed asynchronously. */
export function forgetProcessSingleton(name: string): void {
  delete (globalThis as unknown as Record<symbol, unknown>)[Symbol.for(`study-portal.${name}`)];
}
