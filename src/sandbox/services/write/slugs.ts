// Catalog slugs: lowercase words joined by hyphens (the rule CourseGroupUpdate.slug enforces).
import { randomBytes } from 'node:crypto';

const MAX_SLUG_LENGTH = 80;

export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
  return slug || 'course';
}

/**
 * A slug free in the company. Tries `base`, `base-2` .. `base-5`, then a random suffix, so the cost
 * stays constant however many groups share a title.
 */
export function uniqueSlug(title: string, isTaken: (slug: string) => boolean): string {
  const base = slugify(title);
  if (!isTaken(base)) return base;
  for (let n = 2; n <= 5; n++) if (!isTaken(`${base}-${n}`)) return `${base}-${n}`;
  for (;;) {
    const candidate = `${base}-${randomBytes(4).toString('hex')}`;
    if (!isTaken(candidate)) return candidate;
  }
}
