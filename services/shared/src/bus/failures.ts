/**
 * Whether an error says a dependency is unavailable (worth waiting for) rather than that the work itself
 * is wrong (worth dead-lettering after a few tries). Waiting is the safe side: a lost user.deleted
 * would leave a deleted user's data public.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);

/**
 * PostgreSQL SQLSTATEs: connection exceptions (08), resources (53), operator intervention (57: a
 * shutdown or restart), serialization failure / deadlock (40001, 40P01), all of which a later attempt
 * can get past. Not 57014 (a statement cancelled by statement_timeout): that query is too slow, and
 * waiting would not change it.
 */
function isTransientSqlState(code: string): boolean {
  if (code === '57014') return false;
  return code.startsWith('08') || code.startsWith('53') || code.startsWith('57') || code === '40001' || code === '40P01';
}

const TRANSIENT_MESSAGES = [
  /Timeout acquiring a connection/i,
  /Connection terminated/i,
  /Query read timeout/i,
  /connection (is )?closed/i,
  /Client has encountered a connection error/i,
  /Client was closed and is not queryable/i,
  /timeout expired/i,
  /MaxRetriesPerRequest/i,
  /message broker unavailable/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

export function isInfrastructureError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isTransientSqlState(code)))) return true;
  if (name === 'KnexTimeoutError' || name === 'BrokerUnavailableError' || name === 'MaxRetriesPerRequestError') return true;
  if (typeof message === 'string' && TRANSIENT_MESSAGES.some((pattern) => pattern.test(message))) return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isInfrastructureError(cause);
}
