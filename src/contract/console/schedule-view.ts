// The two views of the scheduled actions, apart from schedules.ts, which builds every schedule schema
// when imported. The console's URL check uses the bare list (url-values.ts), without zod.
import { z } from '../zod.ts';
import { SCHEDULE_VIEWS } from './url-values.ts';

export const ScheduleView = z.enum(SCHEDULE_VIEWS).register(z.globalRegistry, {
  description:
    '`upcoming`: scheduled or running, soonest first; `past`: run or cancelled, latest time first.',
});
export type ScheduleView = z.infer<typeof ScheduleView>;
