// Small helpers shared by the repositories: JSON id lists as one bound parameter, booleans as 0/1.

/** `IN (SELECT value FROM json_each(?))`: one prepared statement serves a list of any length. */
export const IN_JSON_LIST = 'IN (SELECT value FROM json_each(?))';

export const jsonList = (ids: readonly string[]): string => JSON.stringify(ids);

/** better-sqlite3 binds numbers, not booleans. */
export const bit = (value: boolean): number => (value ? 1 : 0);
export const nullableBit = (value: boolean | null | undefined): number | null =>
  value === null || value === undefined ? null : bit(value);
