// The console's live stream: one Server-Sent Events connection per browser (its tabs share it, see
// src/console/lib/live/), carrying what changed on the topics the browser follows. A message is the
// topic's whole current state, read from the database when a console server hears that it changed
// (on any server: a notification only says "look again"), so a missed message costs nothing but
// latency: the next one, or a reconnect, brings the state again.
//
// A topic is `<kind>:<key>`. A kind names its key's pattern and its message's schema here; the server
// says how to load it (src/server/live/). To add one: a row in LIVE_TOPICS, a loader on the server.
import { z } from '../zod.ts';
import { consoleEndpoint } from './endpoint.ts';
import { CoursePresence } from './presence.ts';

export const LIVE_TOPICS = {
  presence: {
    key: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    message: CoursePresence,
    description: 'Who has the course open in the editor, and its edit lease (key: the course id).',
  },
} as const satisfies Record<string, { key: RegExp; message: z.ZodMiniType; description: string }>;

export type LiveKind = keyof typeof LIVE_TOPICS;
export type LiveTopic = `${LiveKind}:${string}`;
export type LiveMessage<K extends LiveKind> = z.infer<(typeof LIVE_TOPICS)[K]['message']>;

export const MAX_LIVE_TOPICS = 100;

export function parseTopic(topic: string): { kind: LiveKind; key: string } | null {
  const colon = topic.indexOf(':');
  if (colon < 1) return null;
  const kind = topic.slice(0, colon);
  const key = topic.slice(colon + 1);
  if (!Object.hasOwn(LIVE_TOPICS, kind)) return null;
  return LIVE_TOPICS[kind as LiveKind].key.test(key) ? { kind: kind as LiveKind, key } : null;
}

export const LiveQuery = z.object({
  topics: z
    ._default(
      z.pipe(
        z.pipe(
          z.string().check(z.maxLength(MAX_LIVE_TOPICS * 60, 'is too long')),
          z.transform((value) => [
            ...new Set(
              value
                .split(',')
                .map((topic) => topic.trim())
                .filter(Boolean),
            ),
          ]),
        ),
        z
          .array(
            z.string().check(
              z.refine((topic) => parseTopic(topic) !== null, {
                message: 'must be a list of topics such as presence:<course id>',
              }),
            ),
          )
          .check(z.maxLength(MAX_LIVE_TOPICS, `must name at most ${MAX_LIVE_TOPICS} topics`)),
      ),
      [],
    )
    .register(z.globalRegistry, {
      description: 'A comma-separated list of topics (`presence:<course id>`).',
    }),
});

/** The `data:` of one message: its topic and the topic's state now. */
export const LiveEnvelope = z.object({ topic: z.string(), data: z.unknown() });
export type LiveEnvelope = z.infer<typeof LiveEnvelope>;

export const streamLive = consoleEndpoint({
  operationId: 'streamLive',
  method: 'GET',
  path: '/api/live',
  summary: 'Server-Sent Events: the state of each followed topic, now and whenever it changes.',
  description: [
    "Open one per browser and share it between tabs. On connect the stream sends each topic's state,",
    'then again whenever it changes, on whichever console server the change happened. To follow other',
    'topics, open a new stream and close the old one. Comments (`: alive`) every 15 s keep proxies from',
    'timing it out. It ends when the session ends or loses its role, as the event stream does.',
  ].join(' '),
  access: 'role',
  query: LiveQuery,
  response: {
    stream: true,
    contentTypes: {
      'text/event-stream': {
        description: `Messages (\`onmessage\`): \`data:\` is \`{ topic, data }\`, \`data\` the topic's state: ${Object.entries(
          LIVE_TOPICS,
        )
          .map(([kind, topic]) => `\`${kind}\`: ${topic.description}`)
          .join('; ')}`,
        schema: LiveEnvelope,
      },
    },
  },
});

export const LIVE_ENDPOINTS = [streamLive] as const;
