// Course structure, sections, lessons, topics and completion criteria reads (spec 4.4).
import type { FastifyInstance } from 'fastify';
import type { StructureReadService } from '../services/read/structure-read-service.ts';
import { defineRoute } from './define-route.ts';

export function registerStructureRoutes(app: FastifyInstance, reads: StructureReadService): void {
  defineRoute(app, 'getCourseStructure', ({ companyId, params }) =>
    reads.structure(companyId, params.courseId),
  );
  defineRoute(app, 'listCourseSections', ({ companyId, params, query }) =>
    reads.sections(companyId, params.courseId, query),
  );
  defineRoute(app, 'listCourseLessons', ({ companyId, params, query }) =>
    reads.lessonsOfCourse(companyId, params.courseId, query),
  );
  defineRoute(app, 'listCourseCompletionCriteria', ({ companyId, params }) =>
    reads.completionCriteria(companyId, params.courseId),
  );
  defineRoute(app, 'listSectionLessons', ({ companyId, params, query }) =>
    reads.lessonsOfSection(companyId, params.sectionId, query),
  );
  defineRoute(app, 'getSection', ({ companyId, params }) => reads.section(companyId, params.id));
  defineRoute(app, 'getLesson', ({ companyId, params }) => reads.lesson(companyId, params.id));
  defineRoute(app, 'listCourseTopics', ({ companyId, params, query }) =>
    reads.topicsOfCourse(companyId, params.courseId, query),
  );
  defineRoute(app, 'listLessonTopics', ({ companyId, params, query }) =>
    reads.topicsOfLesson(companyId, params.lessonId, query),
  );
  defineRoute(app, 'getTopic', ({ companyId, params }) => reads.topic(companyId, params.id));
}
