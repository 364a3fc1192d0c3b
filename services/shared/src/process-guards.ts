import type { Logger } from './logger';

/**
 * Node's own printer of process warnings: plain text on stderr, which the log pipeline cannot parse.
 * Found by its name, so a Node that renamed it only prints each warning twice.
 */
const isNodeWarningPrinter = (listener: (warning: Error) => void) => listener.name === 'onWarning';

type ProcessWarning = Error & { code?: string };

/**
 * Which warnings the process was told to keep quiet, as Node's printer would have kept them: every one
 * with --no-warnings, a type or code given to --disable-warning. `flags` are the command line's and
 * NODE_OPTIONS' options. (--no-deprecation needs nothing here: Node emits no deprecation at all then.)
 */
export function quietWarnings(flags: string[]): (warning: ProcessWarning) => boolean {
  if (flags.includes('--no-warnings')) return () => true;
  const disabled = new Set<string>();
  flags.forEach((flag, index) => {
    const value = flag.startsWith('--disable-warning=') ? flag.slice('--disable-warning='.length) : flag === '--disable-warning' ? flags[index + 1] : undefined;
    if (value) disabled.add(value);
  });
  return (warning) => disabled.has(warning.name) || (warning.code !== undefined && disabled.has(warning.code));
}

/**
 * No request may end a process. Express contains errors per request, but a stray rejected promise or a
 * throw from an event listener (a socket, a timer) would reach the process handlers, whose default is
 * to exit and take every other user's request with it. They are logged, counted and survived instead.
 */
const processFaults = { unhandledRejections: 0, uncaughtExceptions: 0 };

let installed = false;

export function installProcessGuards(logger: Logger): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    processFaults.unhandledRejections += 1;
    logger.error({ err: reason instanceof Error ? { message: reason.message, stack: reason.stack } : String(reason) }, 'unhandled promise rejection');
  });
  process.on('uncaughtException', (error) => {
    processFaults.uncaughtExceptions += 1;
    logger.error({ err: { message: error.message, stack: error.stack } }, 'uncaught exception survived');
  });
  // A process warning (a dependency's deprecation: http-proxy calls util._extend, DEP0060, on the first
  // proxied request) is one JSON line like every other, at warn, not a plain-text line on stderr.
  const quiet = quietWarnings([...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)]);
  for (const listener of process.listeners('warning')) if (isNodeWarningPrinter(listener)) process.removeListener('warning', listener);
  process.on('warning', (warning: ProcessWarning) => {
    if (quiet(warning)) return;
    const { name, code, message } = warning;
    logger.warn({ warning: { name, code, message } }, 'process warning');
  });
}
