// Which database failures mean "the database cannot be used right now" (answered 503, retried later),
// as opposed to a bug in a query. Covers the pg driver's network errors, PostgreSQL's connection and
// shutdown SQLSTATEs, pool timeouts, and SQLite's busy/locked/I/O results.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
// 08: connection exception; 57P01-57P03: shutting down or starting; 53: out of resources (too many
// connections, disk full); 40001/40P01 are retryable conflicts, not outages, and are left out.
const SQLSTATE_CLASSES = ['08', '53', '57P'];
const SQLITE_CODES = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY)/;
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
  'Client was closed and is not queryable',
  'The client is closed',
  'connect ECONNREFUSED',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SQLITE_CODES.test(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && SQLSTATE_CLASSES.some((prefix) => code.startsWith(prefix)))
      return true;
  }
  if (DRIVER_MESSAGES.some((message) => error.message.includes(message))) return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}

/** The start-up failure, said for an operator: what was tried, what went wrong, what to check. */
export function describeConnectFailure(error: unknown, location: string): string {
  const code = (error as { code?: string } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const hint =
    code === '28P01' || code === '28000'
      ? 'Check the user name and password in LECTERN_DATABASE_URL.'
      : code === '3D000'
        ? 'Create the database first (for example: createdb lectern), or fix its name in LECTERN_DATABASE_URL.'
        : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? 'Check the host name in LECTERN_DATABASE_URL.'
          : 'Check LECTERN_DATABASE_URL, and that PostgreSQL is running and accepts connections from this machine.';
  return `Cannot connect to the console database at ${location}: ${message}${code && !message.includes(code) ? ` (${code})` : ''}. ${hint}`;
}
