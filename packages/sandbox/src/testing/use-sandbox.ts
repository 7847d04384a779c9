/**
 * One sandbox per vitest file: started before the file's tests, its faults cleared after each test,
 * closed (with the clients it made) after the file. The returned value stands for the `TestService`
 * and may be read only inside tests and hooks, once the sandbox is up.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { SandboxOptions } from '../options.js';
import { TestService } from './test-service.js';

export function useSandbox(options: SandboxOptions = {}): TestService {
  let service: TestService | undefined;
  beforeAll(async () => {
    service = await TestService.start(options);
  });
  afterEach(async () => {
    await service?.admin.clearFaults();
  });
  afterAll(async () => {
    await service?.close();
  });
  const started = (): TestService => {
    if (!service) throw new Error('useSandbox: the sandbox starts in beforeAll; read it inside a test or a hook');
    return service;
  };
  // Methods are bound to the service itself: its private fields are not reachable through the proxy.
  return new Proxy({} as TestService, {
    get(_target, property) {
      const value: unknown = Reflect.get(started(), property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(started()) : value;
    },
  });
}
