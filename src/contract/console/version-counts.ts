// What a change did to a course, counted: the history's versions and the review queue's requests both
// carry it. In a file of its own so the review queue's contract does not pull in the history's.
import { z } from '../zod.ts';

export const VersionCounts = z.object({
  sections: z.int().register(z.globalRegistry, { description: 'Sections after the change.' }),
  lessons: z.int(),
  topics: z.int(),
  added: z.int().register(z.globalRegistry, {
    description: 'Sections, lessons and topics added by the change.',
  }),
  removed: z.int(),
  moved: z.int().register(z.globalRegistry, { description: 'Moved to another parent.' }),
  reordered: z
    .int()
    .register(z.globalRegistry, { description: 'Moved among the siblings of the same parent.' }),
  renamed: z.int(),
  changed: z.int().register(z.globalRegistry, {
    description: 'Sections, lessons and topics with other fields changed.',
  }),
  courseFields: z
    .int()
    .register(z.globalRegistry, { description: 'Fields of the course and its group changed.' }),
  criteria: z
    .int()
    .register(z.globalRegistry, { description: 'Completion criteria added, removed or changed.' }),
});
export type VersionCounts = z.infer<typeof VersionCounts>;
