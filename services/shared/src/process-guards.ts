import type { Logger } from './logger';

/**
 * No request may end a process. Express contains errors per request, but a stray rejected promise or a
 * throw from an event listener (a socket, a timer) would reach the process handlers, whose default is
 * to exit and take every other user's request with it. They are logged, counted and survived instead.
 */
export const processFaults = { unhandledRejections: 0, uncaughtExceptions: 0 };

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
}
