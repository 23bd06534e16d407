// Sections learners never see: the course editor sets a section aside by giving it a release date in
// the year 9999 (the "Unused" section). Screens that count or export what learners read leave them
// out, or say that they are hidden.
import type { CourseStructure } from '#contract/schemas/read-models.ts';

export const HIDDEN_RELEASE_YEAR = '9999-';

export const isHiddenRelease = (releaseDate: string | null | undefined): boolean =>
  (releaseDate ?? '').startsWith(HIDDEN_RELEASE_YEAR);

/** The XLIFF unit ids (the API's `section.<id>.title`, …) of everything inside hidden sections. */
export function hiddenUnitIds(structure: Pick<CourseStructure, 'sections'>): Set<string> {
  const ids = new Set<string>();
  for (const section of structure.sections) {
    if (!isHiddenRelease(section.releaseDate)) continue;
    ids.add(`section.${section.id}.title`);
    for (const lesson of section.lessons) {
      ids.add(`lesson.${lesson.id}.title`);
      for (const topic of lesson.topics) {
        ids.add(`topic.${topic.id}.title`);
        ids.add(`topic.${topic.id}.body`);
      }
    }
  }
  return ids;
}
