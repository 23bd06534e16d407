// Ordered schema migrations; `PRAGMA user_version` records how many have been applied.
import { migration001 } from './001-content.ts';
import { migration002 } from './002-learners-events.ts';
import { migration003 } from './003-scheduled-publishing.ts';

export const MIGRATIONS: readonly string[] = [migration001, migration002, migration003];
