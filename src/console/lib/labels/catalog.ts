// A catalog item's kind and status in words, and the helpers every list uses: what most signed-in pages
// show before their heading, so the only labels in the chunk every signed-in page loads (`signed-in`).
import type { CourseGroupKind, Status } from '#contract/enums.ts';

/** Course group kinds (spec 2.6); the create kinds are among them. */
export const KIND_LABELS: Record<CourseGroupKind, string> = {
  courseGroup: 'Course',
  microCourse: 'Micro-course',
  article: 'Article',
  video: 'Video',
  shareableContentObject: 'SCORM package',
  xApiObject: 'xAPI object',
  webinar: 'Webinar',
  inPersonEvent: 'In-person event',
  webinarCourse: 'Webinar course',
  inPersonEventCourse: 'In-person course',
};

export const STATUS_LABELS: Record<Status, string> = {
  draft: 'Draft',
  authoring: 'Authoring',
  published: 'Published',
  loginRestriction: 'Login restricted',
  archived: 'Archived',
  pending: 'Scheduled',
  deleted: 'Deleted',
};

/** The word for a value read from the API, which may be newer than this list: unknown ones as sent. */
export function labelFor(labels: Readonly<Record<string, string>>, value: string): string {
  return labels[value] ?? value;
}

/**
 * A course group's content type in words. Content types are the instance's own slugs (its company
 * configuration names them; the API lists no names): the usual ones have words here, any other slug
 * is spelled out from its camelCase ("onlineWorkshop" -> "Online workshop").
 */
const CONTENT_TYPE_WORDS: Readonly<Record<string, string>> = {
  course: 'Course',
  microCourse: 'Micro-course',
  article: 'Article',
  video: 'Video',
  scorm: 'SCORM package',
  xApi: 'xAPI object',
  webinar: 'Webinar',
  inPersonEvent: 'In-person event',
};

export function contentTypeLabel(slug: string): string {
  return CONTENT_TYPE_WORDS[slug] ?? spellOut(slug);
}

/** A name spelled out as words: "onlineWorkshop" and "online-workshop" -> "Online workshop". */
export function spellOut(name: string): string {
  const words = name
    .replace(/[-_]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}
