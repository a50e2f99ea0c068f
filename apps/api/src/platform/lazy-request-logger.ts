import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
interface LevelAware extends FastifyBaseLogger {
  isLevelEnabled(level: string): boolean;
}

const isLevelAware = (logger: FastifyBaseLogger): logger is LevelAware =>
  typeof (logger as Partial<LevelAware>).isLevelEnabled === 'function';

/**
 * A request's logger (`request.log`) that builds its pino child — the request id bound into every
 * line — on its first line at an enabled level, not on every request. At the production level
 * (warn) most requests log nothing, and building the child (serialising its bindings, copying the
 * parent) was a measurable share of each request (decision 028). What is written is unchanged: the
 * same child, with the same bindings and options, writes every line.
 */
class LazyRequestLogger {
  #child: LevelAware | undefined;
  readonly #parent: LevelAware;
  readonly #bindings: Record<string, unknown>;
  readonly #options: Record<string, unknown>;

  constructor(parent: LevelAware, bindings: Record<string, unknown>, options: Record<string, unknown>) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  logger(): LevelAware {
    if (!this.#child) this.#child = this.#parent.child(this.#bindings, this.#options) as LevelAware;
    return this.#child;
  }

  enabled(level: Level): boolean {
    return (this.#child ?? this.#parent).isLevelEnabled(level);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  child(bindings: Record<string, unknown>, options?: Record<string, unknown>): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }

  silent(): void {}

  fatal(...line: unknown[]): void {
    this.write('fatal', line);
  }
  error(...line: unknown[]): void {
    this.write('error', line);
  }
  warn(...line: unknown[]): void {
    this.write('warn', line);
  }
  info(...line: unknown[]): void {
    this.write('info', line);
  }
  debug(...line: unknown[]): void {
    this.write('debug', line);
  }
  trace(...line: unknown[]): void {
    this.write('trace', line);
  }

  private write(level: Level, line: unknown[]): void {
    if (!this.enabled(level)) return;
    const target = this.logger() as unknown as Record<Level, (...args: unknown[]) => void>;
    target[level](...line);
  }
}

/**
 * Fastify's `childLoggerFactory`. Routes with their own log level or serialisers (none today) get
 * pino's child at once, as Fastify would build it; so does a logger that cannot tell its level.
 */
export const lazyChildLoggerFactory: ChildLoggerFactory = (logger, bindings, options) => {
  if (!isLevelAware(logger) || Object.keys(options).length > 0) return logger.child(bindings, options);
  return new LazyRequestLogger(logger, bindings, {}) as unknown as FastifyBaseLogger;
};
