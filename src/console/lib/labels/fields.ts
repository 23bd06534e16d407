// The Content API's field names in words: the course editor, the audit log's and the history's
// changes and the problem lists show them.
import { spellOut } from './catalog.ts';

/**
 * Words for the Content API's field names where the console shows them (form labels, problem lists,
 * conflicts): `priceInCents` is "Price", `sku` is "SKU". A field not listed is shown by splitting its
 * camelCase name (`fieldLabel`: `metaTitle` is "Meta title"), so only the fields whose words differ
 * from that are listed.
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  sku: 'SKU',
  isbn: 'ISBN',
  slug: 'URL slug',
  enrollmentStartDate: 'Enrollment opens',
  enrollmentEndDate: 'Enrollment closes',
  courseStartDate: 'Course starts',
  courseEndDate: 'Course ends',
  gracePeriodEndDate: 'Grace period ends',
  priceInCents: 'Price',
  purchasable: 'Can be purchased',
  availableToPublic: 'Available without signing in',
  discussionsEnabled: 'Discussions',
  forceLinearProgress: 'Learners go through it in order',
  showProgress: 'Show progress to learners',
  asset: 'Card image URL',
  assetAltText: 'Card image alt text',
  detailAsset: 'Detail image URL',
  detailAssetAltText: 'Detail image alt text',
  futurePublishDate: 'Publish automatically on',
  publishDate: 'Catalog date',
  tagIds: 'Tags',
  prerequisiteCourseIds: 'Prerequisite courses',
  prerequisiteLearningPathIds: 'Prerequisite learning paths',
  relatedCourseGroupIds: 'Related course groups',
  openType: 'Who can open it',
  type: 'Topic type',
  languages: 'Language variants',
  preTextBlock: 'Text before the content',
  postTextBlock: 'Text after the content',
  width: 'Width (pixels)',
  height: 'Height (pixels)',
  embeddedEnabled: 'Show embedded',
  fullscreenEmbed: 'Full-screen embed',
  preventProgression: 'Must be completed before moving on',
  resetSessionAfterComplete: 'Reset the session after completion',
  searchDisabled: 'Hidden from search',
  printDisabled: 'Printing disabled',
  fileDownloadDisabled: 'Downloads disabled',
  scormUrl: 'Package URL',
  scoTitle: 'SCO title',
  courseCompletionCriteria: 'Completion criterion',
  pdfUrl: 'PDF URL',
  videoUrl: 'Video URL',
  videoAsset: 'Video asset ID',
  assetType: 'Video provider',
  preAsset: 'Pre-roll asset ID',
  postAsset: 'Post-roll asset ID',
  posterImageAsset: 'Poster image URL',
  audioUrl: 'Audio URL',
  language: 'Language code',
  externalUrl: 'External link URL',
  externalUrlCallToAction: 'External link text',
  coursePercentViewed: 'Share of pages viewed (%)',
  articlePercentViewed: 'Share of the page viewed (%)',
  videoPercentViewed: 'Share of the video viewed (%)',
  articleTimeViewedInSeconds: 'Time on the page (seconds)',
  videoTopicId: 'Video topic',
  topicId: 'Topic',
};

/** The word for an API field name: `FIELD_LABELS`, else `enrollmentLimit` -> "Enrollment limit". */
export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? spellOut(field);
}
