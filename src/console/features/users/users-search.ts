// The users page's URL: `?perPage=` only (the list has no filters upstream).
import { z } from 'zod';
import { LIMITS } from '#contract/limits.ts';

export const USER_PAGE_SIZES = [25, 50, 100, 250, LIMITS.maxPerPage] as const;

export const UsersSearch = z.object({
  perPage: z
    .number()
    .refine((value) => (USER_PAGE_SIZES as readonly number[]).includes(value))
    .optional()
    .catch(undefined),
});
