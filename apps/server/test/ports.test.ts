import { describe, expect, it } from 'vitest';
import { notify } from '../src/modules/message/notify.ts';
import type { Queryable } from '../src/platform/db.ts';
import { port, portsWired } from '../src/platform/ports.ts';
import { userNames } from '../src/platform/user-names.ts';
import { wireModules } from '../src/wiring.ts';

/**
 * The platform's ports (issue #34, "platform/ imports no module"): before the server start wires them, a
 * platform function that needs a module fails loudly, naming the port; after `wireModules()` the port is the
 * module's function. No server is started in this file, so nothing has wired them before the first test.
 */
describe('platform ports', () => {
  const noDatabase = {} as Queryable;

  it('fails naming the port when it is used before the wiring', async () => {
    expect(portsWired()).toBe(false);
    expect(() => port('approvals')).toThrow(/platform port "approvals" is not wired.*wireModules/);
    await expect(userNames(noDatabase, ['100000_1001'])).rejects.toThrow(/port "accounts" is not wired/);
    // Nothing asked: no port, no query.
    expect((await userNames(noDatabase, [null, 'job'])).size).toBe(0);
  });

  it('answers the modules’ functions once wired', () => {
    wireModules();
    expect(portsWired()).toBe(true);
    expect(port('messages').notify).toBe(notify);
    for (const name of [
      'approvals',
      'messages',
      'permissions',
      'masterdata',
      'accounts',
      'webhooks',
    ] as const)
      for (const fn of Object.values(port(name))) expect(typeof fn).toBe('function');
  });
});
