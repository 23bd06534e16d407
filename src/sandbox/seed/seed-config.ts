// Company configuration every seed starts with: ribbons, content types and tags. Content type slugs
// are the ones create derives from `kind` (CONTENT_TYPE_BY_KIND) plus the two event kinds.
import { randomUUID } from 'node:crypto';
import type { Db } from '../storage/database.ts';
import { createTagRepository } from '../storage/tag-repository.ts';
import { CONTENT_TYPE_BY_KIND } from '../services/write/course-plan.ts';

export const RIBBONS = [
  ['new', 'New'],
  ['bestseller', 'Bestseller'],
  ['featured', 'Featured'],
] as const;

const CONTENT_TYPE_LABELS: Record<string, string> = {
  course: 'Course',
  microCourse: 'Micro course',
  article: 'Article',
  video: 'Video',
  scorm: 'SCORM package',
  webinar: 'Webinar',
  inPersonEvent: 'In-person event',
};

export const CONTENT_TYPES = [
  ...new Set([...Object.values(CONTENT_TYPE_BY_KIND), 'webinar', 'inPersonEvent']),
];

/** Inserts ribbons, content types and tags; returns the tag ids by name. */
export function seedCompanyConfig(
  db: Db,
  companyId: string,
  tagNames: readonly string[],
  at: string,
): Map<string, string> {
  const ribbon = db.prepare('INSERT INTO ribbons (company_id, slug, label) VALUES (?, ?, ?)');
  for (const [slug, label] of RIBBONS) ribbon.run(companyId, slug, label);
  const contentType = db.prepare(
    'INSERT INTO content_types (company_id, slug, label) VALUES (?, ?, ?)',
  );
  for (const slug of CONTENT_TYPES)
    contentType.run(companyId, slug, CONTENT_TYPE_LABELS[slug] ?? slug);
  const tags = createTagRepository(db);
  return new Map(tagNames.map((name) => [name, tags.insert(randomUUID(), companyId, name, at).id]));
}

export const EMPTY_SEED_TAGS = ['Onboarding', 'Compliance', 'Leadership'] as const;
