// The one zod of the repository: zod/mini (tree-shakable; docs/decisions/zod-mini.md). Unlike classic zod,
// mini loads no messages, so an issue would read "Invalid input" instead of "Invalid input: expected
// string, received undefined": the English ones are set here, before any schema of the contract exists.
import { z } from 'zod/mini';

z.config(z.locales.en());

export { z };
