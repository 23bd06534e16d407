// The audit log's status filter, apart from audit.ts: the console checks its URL with it in the shell
// every first page loads, and audit.ts builds every audit schema when imported.

/** An exact status (`403`) or a class (`4xx`), in any case. */
export const AUDIT_STATUS_FILTER = /^([1-5]\d\d|[1-5]xx)$/i;
