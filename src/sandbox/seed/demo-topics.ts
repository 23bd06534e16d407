// Deterministic course structures for the demo seed: sections, lessons and topics of many topic
// types, each populated the way spec 2.4 says that type is populated.
import type { Section, Topic, TopicType } from '#contract/index.ts';
import type { Rng } from '../lib/prng.ts';
import { htmlBody, paragraph } from './demo-text.ts';

const SECTION_NAMES = [
  'Getting started',
  'Core concepts',
  'Putting it into practice',
  'Going deeper',
  'Common pitfalls',
  'Case studies',
  'Wrapping up',
];
const LESSON_NAMES = [
  'Why it matters',
  'The basics',
  'A worked example',
  'Tools and templates',
  'Try it yourself',
  'Check your understanding',
  'Next steps',
];
const COURSE_TOPIC_MIX: readonly TopicType[] = [
  'text',
  'text',
  'text',
  'article',
  'video',
  'video',
  'quiz',
  'embed',
  'pdfViewer',
  'audio',
  'survey',
  'assignment',
  'discussionBoard',
  'presentation',
  'image',
  'shareableContentObject',
  'xApiObject',
  'test',
  'slideshow',
  'flipCardSet',
];
const MICRO_TOPIC_MIX: readonly TopicType[] = ['text', 'text', 'video', 'quiz', 'embed', 'image'];

const TITLE_PREFIX: Partial<Record<TopicType, string>> = {
  text: 'Reading',
  article: 'Article',
  video: 'Watch',
  audio: 'Listen',
  quiz: 'Knowledge check',
  test: 'Final test',
  survey: 'Quick survey',
  assignment: 'Assignment',
  embed: 'Interactive',
  pdfViewer: 'Handout',
  discussionBoard: 'Discussion',
  shareableContentObject: 'Simulation',
  xApiObject: 'Activity',
};

const CDN = 'https://cdn.example.test/demo';

export function demoTopic(rng: Rng, type: TopicType, subject: string): Topic {
  const n = rng.int(100, 999);
  const title = `${TITLE_PREFIX[type] ?? 'Page'}: ${subject}`;
  switch (type) {
    case 'text':
      return { title, type, body: htmlBody(rng, subject) };
    case 'article':
      return {
        title,
        type,
        body: htmlBody(rng, subject),
        languages: [{ language: 'en', title: subject, body: `<p>${paragraph(rng)}</p>` }],
      };
    case 'video':
      return {
        title,
        type,
        videoAsset: `vid_${n}${rng.int(1000, 9999)}`,
        posterImageAsset: `${CDN}/posters/${n}.jpg`,
      };
    case 'audio':
      return { title, type, audioUrl: `${CDN}/audio/episode-${n}.mp3` };
    case 'embed':
      return {
        title,
        type,
        body: `<iframe src="https://embed.example.test/widgets/${n}" width="640" height="360" title="${subject}"></iframe>`,
        width: 640,
        height: 360,
      };
    case 'pdfViewer':
      return { title, type, pdfUrl: `${CDN}/handouts/handout-${n}.pdf` };
    case 'shareableContentObject':
    case 'xApiObject':
      return {
        title,
        type,
        scormUrl: `${CDN}/packages/package-${n}.zip`,
        width: 1024,
        height: 768,
      };
    case 'quiz':
    case 'test':
      return rng.next() < 0.6
        ? { title, type, courseCompletionCriteria: { type: 'courseAssessmentPassed' } }
        : { title, type };
    case 'assignment':
      return { title, type, preventProgression: true };
    default:
      return { title, type };
  }
}

/** 2-5 sections x 1-3 lessons x 1-4 topics: at most 80 children, under the limit of 100. */
export function demoSections(rng: Rng): Section[] {
  return Array.from({ length: rng.int(2, 5) }, (_, s) => ({
    title: `${s + 1}. ${SECTION_NAMES[(s + rng.int(0, 2)) % SECTION_NAMES.length]}`,
    lessons: Array.from({ length: rng.int(1, 3) }, (_, l) => {
      const lessonTitle = rng.pick(LESSON_NAMES);
      return {
        title: lessonTitle,
        openType:
          s === 0 && l === 0 ? 'open' : rng.next() < 0.15 ? 'emailCaptureOpen' : 'studentsOnly',
        topics: Array.from({ length: rng.int(1, 4) }, () =>
          demoTopic(rng, rng.pick(COURSE_TOPIC_MIX), lessonTitle.toLowerCase()),
        ),
      };
    }),
  }));
}

export function demoMicroTopics(rng: Rng, title: string): Topic[] {
  return Array.from({ length: rng.int(3, 8) }, (_, i) =>
    demoTopic(rng, i === 0 ? 'text' : rng.pick(MICRO_TOPIC_MIX), `${title.toLowerCase()} ${i + 1}`),
  );
}

/** Webinar and in-person sessions hold one meeting page. */
export function eventSections(kind: 'webinar' | 'inPersonEvent'): Section[] {
  return [
    {
      title: 'Session details',
      lessons: [
        {
          title: kind === 'webinar' ? 'Join the webinar' : 'Venue and agenda',
          openType: 'studentsOnly',
          topics: [
            kind === 'webinar'
              ? { title: 'Meeting information', type: 'meetingInfo' }
              : { title: 'Event check-in', type: 'inPersonEvent' },
          ],
        },
      ],
    },
  ];
}
