// Ordered schema migrations; `PRAGMA user_version` records how many have been applied.
import { migration001 } from './001-content.ts';

export const MIGRATIONS: readonly string[] = [migration001];
