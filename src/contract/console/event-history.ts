// A page of the relay's stored events (GET /api/events), re-exported by ./relay.ts with the endpoint: kept
// apart so that a page that only parses such pages does not load the endpoint's query checks (the search
// parser among them) and the stream's definition.
import { z } from '../zod.ts';
import { PageInfo } from './pages.ts';

export const RelayedEvent = z.object({
  seq: z.int().check(z.positive()),
  receivedAt: z.iso.datetime(),
  event: z.unknown().register(z.globalRegistry, {
    description:
      'The event exactly as the feed returned it (`id`, `kind`, `timestamp`, `learner`, `course` or `learningPath`, `data`…).',
  }),
});
export type RelayedEvent = z.infer<typeof RelayedEvent>;

export const EventHistoryPage = z.object({
  items: z.array(RelayedEvent).register(z.globalRegistry, { description: 'Newest first.' }),
  pageInfo: PageInfo,
});
export type EventHistoryPage = z.infer<typeof EventHistoryPage>;
