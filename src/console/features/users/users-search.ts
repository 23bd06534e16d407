// The users page's URL: `?perPage=` only (the list has no filters upstream).
import { LIMITS } from '#contract/limits.ts';
import { numberIn, urlSearch } from '../../lib/url-search.ts';

export const USER_PAGE_SIZES = [25, 50, 100, 250, LIMITS.maxPerPage] as const;

export const UsersSearch = urlSearch({ perPage: numberIn(USER_PAGE_SIZES) });
