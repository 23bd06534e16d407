// Topic types grouped into the families a content manager tells apart at a glance in the outline:
// each family has its own icon (icons.tsx), so a Video reads differently from a Quiz even where the
// type's chip has little room.
import type { TopicType } from '#contract/enums.ts';

export type TopicFamily = 'reading' | 'media' | 'assessment' | 'package' | 'event';

export const TOPIC_FAMILIES: Record<TopicType, TopicFamily> = {
  text: 'reading',
  article: 'reading',
  recipe: 'reading',
  listRoll: 'reading',
  notebook: 'reading',
  workbook: 'reading',
  pdfViewer: 'reading',
  ad: 'reading',
  meetingInfo: 'reading',
  video: 'media',
  audio: 'media',
  image: 'media',
  slideshow: 'media',
  presentation: 'media',
  quiz: 'assessment',
  test: 'assessment',
  survey: 'assessment',
  surveyVendor: 'assessment',
  tally: 'assessment',
  assignment: 'assessment',
  vendorAssignment: 'assessment',
  highlightZoneQuiz: 'assessment',
  matchPairSet: 'assessment',
  flipCardSet: 'assessment',
  highlightZoneSet: 'assessment',
  shareableContentObject: 'package',
  xApiObject: 'package',
  lti: 'package',
  embed: 'package',
  discussionBoard: 'event',
  socialShareCardSet: 'event',
  inPersonEvent: 'event',
};
