// Meetings, listed by the throttled meetings route (spec 4.4, 8). Their fields are "not shown" by the
// spec; this shape is Lectern's design, documented by the generated OpenAPI document.
import { z } from '../zod.ts';
import { Uuid } from '../primitives.ts';
import { pageOf } from './pagination.ts';

export const Meeting = z
  .object({
    id: Uuid,
    title: z.string(),
    courseId: z.nullable(Uuid),
    startsAt: z.iso.datetime(),
    durationMinutes: z.int().check(z.gte(1)),
    joinUrl: z.url(),
  })
  .register(z.globalRegistry, { id: 'Meeting' });
export type Meeting = z.infer<typeof Meeting>;

export const MeetingPage = pageOf('meetings', Meeting).register(z.globalRegistry, {
  id: 'MeetingPage',
});
export type MeetingPage = z.infer<typeof MeetingPage>;
