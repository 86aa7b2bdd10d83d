import { CHUNK_LOAD_TIMEOUT_MS } from '@srm/contracts/constants';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A script chunk that did not arrive in time (spec 000 §8: "becomes ChunkLoadError after 120 s"). */
export class ChunkLoadError extends Error {
  constructor(message = 'Loading chunk failed (timeout)') {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

/** Races a chunk import against the 120 s chunk timeout; a failed import is also a ChunkLoadError. */
export function withChunkTimeout<T>(load: Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError()), timeoutMs);
  });
  return Promise.race([
    load.catch((e: unknown) => {
      throw e instanceof ChunkLoadError ? e : new ChunkLoadError(e instanceof Error ? e.message : String(e));
    }),
    timeout,
  ]).finally(() => clearTimeout(timer));
}

/** React.lazy with the chunk timeout of spec 000 §8. */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy
export function lazyChunk<C extends ComponentType<any>>(
  factory: () => Promise<{ default: C }>,
): LazyExoticComponent<C> {
  return lazy(() => withChunkTimeout(factory()));
}
