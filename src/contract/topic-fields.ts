// Which topic fields each topic type may carry (spec 2.3, 2.4). Used by the sandbox to reset
// incompatible fields when a topic's type changes, and by the editor to show only valid fields.
import type { TopicType } from './enums.ts';

/** Fields every topic type carries. */
export const COMMON_TOPIC_FIELDS = [
  'title',
  'type',
  'preTextBlock',
  'postTextBlock',
  'preventProgression',
  'searchDisabled',
  'printDisabled',
  'fileDownloadDisabled',
  'caption',
  'courseCompletionCriteria',
] as const;

const EMBED_FIELDS = ['width', 'height', 'embeddedEnabled', 'fullscreenEmbed'] as const;
/** A video's fields, on a video topic and on a video course (spec 2.2, 2.4). */
export const VIDEO_FIELDS = [
  'videoUrl',
  'videoAsset',
  'assetType',
  'preAsset',
  'postAsset',
  'posterImageAsset',
] as const;

/** Content fields by type; a type not listed carries only the common fields. */
export const TOPIC_CONTENT_FIELDS: Partial<Record<TopicType, readonly string[]>> = {
  text: ['body'],
  article: ['body', 'languages'],
  embed: ['body', ...EMBED_FIELDS],
  video: VIDEO_FIELDS,
  audio: ['audioUrl'],
  shareableContentObject: [
    'scormUrl',
    'scoTitle',
    'objectType',
    'resetSessionAfterComplete',
    ...EMBED_FIELDS,
  ],
  xApiObject: ['scormUrl', 'scoTitle', 'objectType', ...EMBED_FIELDS],
  pdfViewer: ['pdfUrl'],
};

export function topicFieldsFor(type: TopicType): readonly string[] {
  return [...COMMON_TOPIC_FIELDS, ...(TOPIC_CONTENT_FIELDS[type] ?? [])];
}

export function isFieldAllowedForType(type: TopicType, field: string): boolean {
  return topicFieldsFor(type).includes(field);
}

/** The content-upload kind a topic's file field produces in a background job. */
export const UPLOAD_FIELDS = {
  scormUrl: { shareableContentObject: 'scorm', xApiObject: 'xapi' },
  videoUrl: { video: 'video' },
  audioUrl: { audio: 'audio' },
  pdfUrl: { pdfViewer: 'pdf' },
} as const;
