import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, withChunkTimeout } from './lazy.ts';

describe('chunk load timeout (spec 000 §8)', () => {
  afterEach(() => vi.useRealTimers());
  it('becomes a ChunkLoadError after 120 s', async () => {
    vi.useFakeTimers();
    const p = withChunkTimeout(new Promise(() => {}));
    const check = expect(p).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(120_000);
    await check;
  });
  it('passes a loaded chunk through and names a failed one', async () => {
    await expect(withChunkTimeout(Promise.resolve(1))).resolves.toBe(1);
    await expect(withChunkTimeout(Promise.reject(new Error('x')))).rejects.toMatchObject({
      name: 'ChunkLoadError',
    });
  });
});
