// fast-check generators for the round-trip tests: course trees with topics of many types, and edit
// scripts expressed by index so one script applies to any copy of the same tree.
import fc from 'fast-check';
import type { OpenType, TopicType } from '#contract/index.ts';
import {
  addNode,
  allNodes,
  changeTopicType,
  moveNode,
  newCourseDraft,
  removeNode,
  renameNode,
  setAttributes,
  setNodeFields,
  type CourseGroupDraft,
  type IdGenerator,
  type LessonNode,
  type SectionNode,
  type TopicNode,
} from '#compiler/index.ts';

export const title = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,10}[A-Za-z0-9]$/);

/** A topic without ids: type plus only fields that type carries (spec 2.3, 2.4). */
export type TopicSpec = Omit<TopicNode, 'kind' | 'clientId' | 'serverId'>;

const url = (ext: string) => fc.nat(9999).map((n) => `https://cdn.test/f${n}.${ext}`);
const contentOf: Partial<Record<TopicType, fc.Arbitrary<Record<string, unknown>>>> = {
  text: fc.record({ body: fc.constantFrom('<p>a</p>', '<p>b</p>') }, { requiredKeys: [] }),
  article: fc.record({ body: fc.constant('<p>article</p>') }, { requiredKeys: [] }),
  embed: fc.record(
    {
      body: fc.constant('<iframe src="https://x.test"></iframe>'),
      width: fc.integer({ min: 100, max: 900 }),
    },
    { requiredKeys: [] },
  ),
  video: fc.record(
    { videoAsset: fc.constantFrom('media-1', 'media-2'), preAsset: fc.constant('pre-1') },
    { requiredKeys: [] },
  ),
  audio: fc.record({ audioUrl: url('mp3') }, { requiredKeys: [] }),
  pdfViewer: fc.record({ pdfUrl: url('pdf') }, { requiredKeys: [] }),
  shareableContentObject: fc.record(
    { scormUrl: url('zip'), scoTitle: fc.constant('SCO') },
    { requiredKeys: [] },
  ),
};
export const TOPIC_TYPES_USED: TopicType[] = [
  'text',
  'article',
  'embed',
  'video',
  'audio',
  'pdfViewer',
  'shareableContentObject',
  'discussionBoard',
  'quiz',
  'survey',
  'workbook',
];

export const topicSpec: fc.Arbitrary<TopicSpec> = fc
  .constantFrom(...TOPIC_TYPES_USED)
  .chain((type) =>
    fc
      .tuple(
        title,
        contentOf[type] ?? fc.constant({}),
        fc.record(
          { caption: fc.constant('cap'), preventProgression: fc.constant(true) },
          { requiredKeys: [] },
        ),
      )
      .map(([t, content, common]) => ({ title: t, type, ...content, ...common }) as TopicSpec),
  );

const openType = fc.constantFrom<OpenType>('studentsOnly', 'open', 'emailCaptureOpen');

export interface TreeSpec {
  title: string;
  sections: {
    title: string;
    lessons: { title: string; openType: OpenType; topics: TopicSpec[] }[];
  }[];
}

type Sizes = { sections: number; lessons: number; topics: number };

/** Trees up to `max`; with `min`, at least that many children per level (for big trees). */
export const treeSpec = (
  max: Sizes,
  min: Sizes = { sections: 1, lessons: 0, topics: 0 },
): fc.Arbitrary<TreeSpec> =>
  fc.record({
    title,
    sections: fc.array(
      fc.record({
        title,
        lessons: fc.array(
          fc.record({
            title,
            openType,
            topics: fc.array(topicSpec, { minLength: min.topics, maxLength: max.topics }),
          }),
          { minLength: min.lessons, maxLength: max.lessons },
        ),
      }),
      { minLength: min.sections, maxLength: max.sections },
    ),
  });

export function buildDraft(spec: TreeSpec, ids: IdGenerator, titleSuffix = ''): CourseGroupDraft {
  const draft = newCourseDraft(
    'courseGroup',
    `${spec.title}${titleSuffix}`,
    ids,
  ) as CourseGroupDraft;
  return {
    ...draft,
    sections: spec.sections.map((s): SectionNode => ({
      kind: 'section',
      clientId: ids(),
      title: s.title,
      lessons: s.lessons.map((l): LessonNode => ({
        kind: 'lesson',
        clientId: ids(),
        title: l.title,
        openType: l.openType,
        topics: l.topics.map((t): TopicNode => ({ ...t, kind: 'topic', clientId: ids() })),
      })),
    })),
  };
}

export type Edit =
  | { op: 'rename'; n: number; title: string }
  | { op: 'caption'; n: number; caption: string | undefined }
  | { op: 'retype'; n: number; type: TopicType }
  | { op: 'addSection'; at: number; title: string }
  | { op: 'addLesson'; s: number; at: number; title: string }
  | { op: 'addTopic'; l: number; at: number; topic: TopicSpec }
  | { op: 'moveTopic'; n: number; l: number; at: number }
  | { op: 'moveLesson'; n: number; s: number; at: number }
  | { op: 'moveSection'; n: number; at: number }
  | { op: 'removeNew'; n: number }
  | { op: 'course'; description?: string; priceInCents?: number };

const idx = fc.nat(1000);
export const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ op: fc.constant('rename' as const), n: idx, title }),
  fc.record({
    op: fc.constant('caption' as const),
    n: idx,
    caption: fc.option(fc.constant('changed'), { nil: undefined }),
  }),
  fc.record({
    op: fc.constant('retype' as const),
    n: idx,
    type: fc.constantFrom(...TOPIC_TYPES_USED),
  }),
  fc.record({ op: fc.constant('addSection' as const), at: idx, title }),
  fc.record({ op: fc.constant('addLesson' as const), s: idx, at: idx, title }),
  fc.record({ op: fc.constant('addTopic' as const), l: idx, at: idx, topic: topicSpec }),
  fc.record({ op: fc.constant('moveTopic' as const), n: idx, l: idx, at: idx }),
  fc.record({ op: fc.constant('moveLesson' as const), n: idx, s: idx, at: idx }),
  fc.record({ op: fc.constant('moveSection' as const), n: idx, at: idx }),
  fc.record({ op: fc.constant('removeNew' as const), n: idx }),
  fc.record(
    {
      op: fc.constant('course' as const),
      description: fc.constantFrom('New description', ''),
      priceInCents: fc.nat(10_000),
    },
    { requiredKeys: ['op'] },
  ),
);

const pick = <T>(list: readonly T[], n: number): T | undefined =>
  list.length ? list[n % list.length] : undefined;

/** Apply an edit script; indexes are taken modulo what exists, edits with no target are skipped. */
export function applyEdits(
  start: CourseGroupDraft,
  edits: readonly Edit[],
  ids: IdGenerator,
): CourseGroupDraft {
  let d = start;
  for (const e of edits) {
    const nodes = allNodes(d);
    const topics = nodes.filter((n): n is TopicNode => n.kind === 'topic');
    const lessons = nodes.filter((n): n is LessonNode => n.kind === 'lesson');
    const sections = d.sections;
    switch (e.op) {
      case 'rename': {
        const node = pick(nodes, e.n);
        if (node) d = renameNode(d, node.clientId, e.title);
        break;
      }
      case 'caption': {
        const topic = pick(topics, e.n);
        if (topic) d = setNodeFields(d, topic.clientId, { caption: e.caption });
        break;
      }
      case 'retype': {
        const topic = pick(topics, e.n);
        if (topic) d = changeTopicType(d, topic.clientId, e.type);
        break;
      }
      case 'addSection':
        d = addNode(
          d,
          { kind: 'section', clientId: ids(), title: e.title, lessons: [] },
          { parentId: null, index: e.at % (sections.length + 1) },
        );
        break;
      case 'addLesson': {
        const section = pick(sections, e.s);
        if (section)
          d = addNode(
            d,
            { kind: 'lesson', clientId: ids(), title: e.title, openType: 'open', topics: [] },
            { parentId: section.clientId, index: e.at % (section.lessons.length + 1) },
          );
        break;
      }
      case 'addTopic': {
        const lesson = pick(lessons, e.l);
        if (lesson)
          d = addNode(
            d,
            { ...e.topic, kind: 'topic', clientId: ids() },
            { parentId: lesson.clientId, index: e.at % (lesson.topics.length + 1) },
          );
        break;
      }
      case 'moveTopic': {
        const [topic, lesson] = [pick(topics, e.n), pick(lessons, e.l)];
        if (topic && lesson)
          d = moveNode(d, topic.clientId, {
            parentId: lesson.clientId,
            index: e.at % (lesson.topics.length + 1),
          });
        break;
      }
      case 'moveLesson': {
        const [lesson, section] = [pick(lessons, e.n), pick(sections, e.s)];
        if (lesson && section)
          d = moveNode(d, lesson.clientId, {
            parentId: section.clientId,
            index: e.at % (section.lessons.length + 1),
          });
        break;
      }
      case 'moveSection': {
        const section = pick(sections, e.n);
        if (section)
          d = moveNode(d, section.clientId, { parentId: null, index: e.at % sections.length });
        break;
      }
      case 'removeNew': {
        const node = pick(
          nodes.filter((n) => n.serverId === undefined),
          e.n,
        );
        const withSaved = node && allNodes(d).some((n) => n.serverId && isInside(node, n.clientId));
        if (node && !withSaved) d = removeNode(d, node.clientId);
        break;
      }
      case 'course':
        d = setAttributes(d, {
          ...(e.description !== undefined && { description: e.description || undefined }),
          ...(e.priceInCents !== undefined && { priceInCents: e.priceInCents }),
        });
        break;
    }
  }
  return d;
}

const isInside = (node: SectionNode | LessonNode | TopicNode, id: string): boolean =>
  node.clientId === id ||
  ('lessons' in node && node.lessons.some((l) => isInside(l, id))) ||
  ('topics' in node && node.topics.some((t) => isInside(t, id)));
