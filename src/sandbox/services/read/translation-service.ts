// Translation files (spec 4.4 `.xlf`): which texts of an item are translatable, the XLIFF download
// (with stored targets for `?language=`), and the upload that stores targets per language.
import {
  READ_MESSAGES,
  buildXliff,
  parseXliff,
  xliffUploadIssue,
  type ContentSearchType,
  type TranslationUnit,
} from '#contract/index.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { createTranslationRepository } from '../../storage/translation-repository.ts';
import type { CatalogReadService } from './catalog-read-service.ts';
import { isSearchable } from './content-read-service.ts';
import type { ReadContext } from './read-context.ts';
import type { StructureReadService } from './structure-read-service.ts';

type Source = Omit<TranslationUnit, 'target'>;

export function createTranslationService(
  context: ReadContext,
  catalog: CatalogReadService,
  structure: StructureReadService,
) {
  const translations = createTranslationRepository(context.db);
  const unit = (id: string, source: string | null | undefined, note: string): Source[] =>
    source && source.trim() !== '' ? [{ id, source, note }] : [];

  /** The item's translatable texts and its source language; 404 for unknown or foreign ids. */
  function sourcesOf(companyId: string, type: ContentSearchType, id: string) {
    if (!isSearchable(type)) throw new NotFoundError(READ_MESSAGES.contentTypeHasNoItems(type));
    if (type === 'learningPaths') {
      const path = context.catalog.learningPath(companyId, id);
      if (!path) throw new NotFoundError(READ_MESSAGES.notFound('Learning path', id));
      return {
        language: 'en',
        units: [
          ...unit('title', path.title, 'Learning path title'),
          ...unit('description', path.description, 'Learning path description'),
        ],
      };
    }
    if (type === 'courseGroups') {
      const group = catalog.requireGroup(companyId, id);
      return {
        language: group.language,
        units: [
          ...unit('title', group.title, 'Course group title'),
          ...unit('description', group.description, 'Course group description'),
        ],
      };
    }
    const course = catalog.requireCourse(companyId, id);
    const group = catalog.requireGroup(companyId, course.course_group_id);
    const tree = structure.structure(companyId, id);
    const units: Source[] = [
      ...unit('title', course.title, 'Course title'),
      ...unit('description', group.description, 'Course description (from its course group)'),
    ];
    for (const section of tree.sections) {
      units.push(...unit(`section.${section.id}.title`, section.title, 'Section title'));
      for (const lesson of section.lessons) {
        units.push(...unit(`lesson.${lesson.id}.title`, lesson.title, 'Lesson title'));
        for (const topic of lesson.topics) {
          units.push(...unit(`topic.${topic.id}.title`, topic.title, 'Topic title'));
          units.push(...unit(`topic.${topic.id}.body`, topic.body, `Topic body (${topic.type})`));
        }
      }
    }
    return { language: group.language, units };
  }

  return {
    download(companyId: string, type: ContentSearchType, id: string, language?: string): string {
      const { language: sourceLanguage, units } = sourcesOf(companyId, type, id);
      const stored = language ? translations.get(companyId, type, id, language) : {};
      return buildXliff({
        original: `${type}/${id}`,
        sourceLanguage,
        targetLanguage: language,
        units: units.map((u) => ({ ...u, target: stored[u.id] })),
      });
    },

    upload(companyId: string, type: ContentSearchType, id: string, xml: string) {
      const { units } = sourcesOf(companyId, type, id);
      const parsed = parseXliff(xml);
      if (!parsed) throw new ValidationError([READ_MESSAGES.xliffMalformed]);
      const issue = xliffUploadIssue(parsed, `${type}/${id}`, new Set(units.map((u) => u.id)));
      if (issue) throw new ValidationError([issue]);
      const language = parsed.targetLanguage!;
      const targets = Object.fromEntries(parsed.targets.map((t) => [t.id, t.target]));
      translations.merge(companyId, type, id, language, targets);
      return { id, updatedFields: Object.keys(targets) };
    },
  };
}
export type TranslationService = ReturnType<typeof createTranslationService>;
