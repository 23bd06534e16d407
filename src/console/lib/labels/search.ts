// The content search's types and sort orders in words.
import type { ContentSearchType } from '#contract/enums.ts';

/** Content search types (spec 2.6), as a facet names them. */
export const CONTENT_TYPE_LABELS: Record<ContentSearchType, string> = {
  courseGroups: 'Course groups',
  courses: 'Courses',
  bundles: 'Bundles',
  discountGroups: 'Discount groups',
  pickableGroups: 'Pickable groups',
  products: 'Products',
  learningPaths: 'Learning paths',
};

/** One item of a content search type. */
export const CONTENT_TYPE_SINGULAR: Record<ContentSearchType, string> = {
  courseGroups: 'Course group',
  courses: 'Course',
  bundles: 'Bundle',
  discountGroups: 'Discount group',
  pickableGroups: 'Pickable group',
  products: 'Product',
  learningPaths: 'Learning path',
};

/** Sort orders of the content search (`sort`; the sandbox's OpenAPI document). */
export const CONTENT_SORT_LABELS = {
  '': 'Type, then oldest first',
  title: 'Title A–Z',
  '-title': 'Title Z–A',
  '-updatedAt': 'Recently updated',
  updatedAt: 'Least recently updated',
} as const;
