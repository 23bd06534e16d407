// The two views of the scheduled actions, apart from schedules.ts: the console checks its URL with it
// in the shell every first page loads, and schedules.ts builds every schedule schema when imported.
import { z } from 'zod';

export const ScheduleView = z.enum(['upcoming', 'past']).meta({
  description:
    '`upcoming`: scheduled or running, soonest first; `past`: run or cancelled, latest time first.',
});
export type ScheduleView = z.infer<typeof ScheduleView>;
