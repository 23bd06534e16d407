// A lesson's words: topic types, who may open it, its video provider and what fills it (spec 2.3, 2.4).
import type { AssetType, OpenType, TopicType } from '#contract/enums.ts';

export const TOPIC_TYPE_LABELS: Record<TopicType, string> = {
  ad: 'Advertisement',
  article: 'Article',
  image: 'Image',
  slideshow: 'Slideshow',
  presentation: 'Presentation',
  quiz: 'Quiz',
  test: 'Test',
  survey: 'Survey',
  text: 'Text',
  video: 'Video',
  recipe: 'Recipe',
  assignment: 'Assignment',
  listRoll: 'List roll',
  lti: 'LTI tool',
  tally: 'Tally',
  flipCardSet: 'Flip cards',
  notebook: 'Notebook',
  highlightZoneSet: 'Highlight zones',
  shareableContentObject: 'SCORM package',
  xApiObject: 'xAPI object',
  audio: 'Audio',
  matchPairSet: 'Matching pairs',
  highlightZoneQuiz: 'Highlight-zone quiz',
  socialShareCardSet: 'Social share cards',
  surveyVendor: 'External survey',
  discussionBoard: 'Discussion board',
  embed: 'Embedded content',
  workbook: 'Workbook',
  pdfViewer: 'PDF',
  inPersonEvent: 'In-person event',
  meetingInfo: 'Meeting information',
  vendorAssignment: 'External assignment',
};

/** Who may open a lesson (spec 2.3). */
export const OPEN_TYPE_LABELS: Record<OpenType, string> = {
  studentsOnly: 'Enrolled learners only',
  open: 'Free preview',
  emailCaptureOpen: 'Email required',
};

/** Video provider of a video's asset id (spec 2.4). */
export const ASSET_TYPE_LABELS: Record<AssetType, string> = {
  '<provider_default>': 'Default video provider',
  '<provider_alt>': 'Alternate video provider',
};

/** What a content-bearing topic type is filled with through the API (spec 2.4), in words. */
export const TOPIC_CONTENT_LABELS: Readonly<Partial<Record<TopicType, string>>> = {
  text: 'its body',
  article: 'its body or its language variants',
  video: 'a video URL or a video asset ID',
  audio: 'an audio URL',
  shareableContentObject: 'a package URL, fetched in the background',
  xApiObject: 'a package URL, fetched in the background',
  pdfViewer: 'a PDF URL, fetched in the background',
  embed: 'a body holding an embedded frame',
  discussionBoard: 'nothing: a working discussion page is created',
};
