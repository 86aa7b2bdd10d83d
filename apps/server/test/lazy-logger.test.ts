import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { LazyChildLogger } from '../src/platform/lazy-logger.ts';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

describe('LazyChildLogger', () => {
  it('makes the child only when something is logged, with the request bindings', async () => {
    const { lines, logger } = capture();
    let children = 0;
    const child = logger.child.bind(logger);
    logger.child = ((...args: Parameters<typeof child>) => {
      children++;
      return child(...args);
    }) as typeof logger.child;
    const request = new LazyChildLogger(logger, { reqId: 'req-7' }, {});
    expect(request.level).toBe('info');
    request.debug('below the level');
    expect(children).toBe(1); // debug goes through the child too, which drops it
    const quiet = new LazyChildLogger(logger, { reqId: 'req-8' }, {});
    expect(quiet.level).toBe('info');
    expect(children).toBe(1);
    request.warn({ ms: 1200 }, 'slow request');
    await new Promise((ok) => setImmediate(ok));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ reqId: 'req-7', ms: 1200, msg: 'slow request', level: 40 });
  });
});
