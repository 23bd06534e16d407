// What the page shows and sends for picked courses, one chunk loaded after the first content, with the
// first course picked, or before the page when the tab kept picked courses (the route's loader): each
// course's request item (the contract's schemas and the API's messages), the list of picked courses and
// the criterion in words for the preview.
export { courseItem } from './criterion-items.ts';
export { CourseCriteriaList } from './course-criteria-list.tsx';
export { describeCriterion } from '../../lib/completion-criteria.ts';
