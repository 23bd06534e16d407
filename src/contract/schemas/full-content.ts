// `GET /fullContent/{type}/{id}` (spec 4.4: "full indexed content", shape not shown; Lectern's
// design): a course with its group and structure tree, or a learning path with its milestones.
import { z } from '../zod.ts';
import { Uuid } from '../primitives.ts';
import { Course, CourseGroup, CourseStructure, LearningPathMilestones } from './read-models.ts';

export const CourseFullContent = z
  .object({
    type: z.literal('courses'),
    id: Uuid,
    course: Course,
    courseGroup: CourseGroup,
    structure: CourseStructure,
  })
  .register(z.globalRegistry, { id: 'CourseFullContent' });

export const LearningPathFullContent = z
  .extend(LearningPathMilestones, {
    type: z.literal('learningPaths'),
    id: Uuid,
  })
  .register(z.globalRegistry, { id: 'LearningPathFullContent' });

export const FullContent = z
  .discriminatedUnion('type', [CourseFullContent, LearningPathFullContent])
  .register(z.globalRegistry, { id: 'FullContent' });
export type FullContent = z.infer<typeof FullContent>;
