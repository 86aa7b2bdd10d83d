import type { FastifyBaseLogger } from 'fastify';

type Bindings = Record<string, unknown>;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger that becomes pino's child logger (with the request id) only when something is
 * logged. Fastify makes a child per request; with request logs off (LOG_REQUESTS) almost no request logs
 * anything, and building the child (bindings serialized to JSON) cost ~2 % of an authenticated trivial
 * call (issue #7). Levels are read from the parent until the child exists.
 */
export class LazyChildLogger implements FastifyBaseLogger {
  #parent: FastifyBaseLogger;
  #bindings: Bindings;
  #options: ChildOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }
  #real(): FastifyBaseLogger {
    if (!this.#child) this.#child = this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }
  get level(): string {
    return this.#child?.level ?? this.#options?.level ?? this.#parent.level;
  }
  set level(value: string) {
    this.#real().level = value;
  }
  fatal(...args: LogArgs) {
    this.#real().fatal(...args);
  }
  error(...args: LogArgs) {
    this.#real().error(...args);
  }
  warn(...args: LogArgs) {
    this.#real().warn(...args);
  }
  info(...args: LogArgs) {
    this.#real().info(...args);
  }
  debug(...args: LogArgs) {
    this.#real().debug(...args);
  }
  trace(...args: LogArgs) {
    this.#real().trace(...args);
  }
  silent(...args: LogArgs) {
    this.#real().silent(...args);
  }
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a LazyChildLogger per request. */
export function lazyChildLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options);
}
