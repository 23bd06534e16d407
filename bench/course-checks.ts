// Course checks (issue 24): a saved 2,000-node course (20 sections x 10 lessons x 9 topics) whose
// topics link to 500 distinct URLs on a local web server that delays every answer by 200 ms, checked
// through the console server's API (GET /api/courses/{id}/checks, polled as the console does) until the
// report is there. Target: under 10 s. The figure is printed beside the link checker's concurrency and
// time limit (its defaults), the server's most requests in flight and the load average.
import { cpus, loadavg } from 'node:os';
import type { CourseChecksAnswer } from '#contract/console/course-checks.ts';
import { startLinkServer } from '../test/helpers/link-server.ts';
import { startHarness, type Harness } from '../test/server/helpers/console-harness.ts';

const SECTIONS = 20;
const LESSONS = 10;
const TOPICS = 9;
const DISTINCT_URLS = 500;
const DELAY_MS = 200;
const TARGET_MS = 10_000;

export async function run(): Promise<void> {
  const links = await startLinkServer({ delayMs: DELAY_MS });
  // The link checker's defaults (concurrency, time limit): only the allowlist is set.
  const h = await startHarness({ env: { LECTERN_URL_ALLOWLIST: '127.0.0.1' } });
  try {
    let n = 0;
    const url = () => links.url(`/ok/${n++ % DISTINCT_URLS}`);
    const courseId = await createLargeCourse(h, () => ({
      type: 'text',
      body: `<h2>Reading</h2><p>See <a href="${url()}">the notes</a> and <img src="${url()}" alt="A figure">.</p>`,
    }));
    const nodes = SECTIONS * (1 + LESSONS * (1 + TOPICS));
    const cookie = await h.sessionCookie('admin@lectern.test', 'admin');

    const started = performance.now();
    let path = `/api/courses/${courseId}/checks`;
    let answer: CourseChecksAnswer;
    let polls = 0;
    let firstAnswerMs = 0;
    let linksDoneMs = 0;
    for (;;) {
      const response = await h.http.get(path, { cookie });
      answer = response.body as CourseChecksAnswer;
      polls += 1;
      if (polls === 1) firstAnswerMs = performance.now() - started;
      if (answer.state === 'running' && answer.links.done === answer.links.distinct && !linksDoneMs)
        linksDoneMs = performance.now() - started;
      if (response.status === 200 && answer.state === 'done') break;
      if (response.status !== 202 || answer.state !== 'running')
        throw new Error(`checks answered ${response.status}`);
      path = `/api/courses/${courseId}/checks?version=${answer.version}`;
      // The console polls once a second; a shorter pause here measures the check, not the poll.
      await new Promise((done) => setTimeout(done, 100));
    }
    const ms = performance.now() - started;
    const requests = [...links.requests.values()].reduce((sum, count) => sum + count, 0);
    const [load1] = loadavg();
    console.log(
      `${nodes} nodes, ${answer.links.distinct} distinct URLs (${requests} requests), server delay ${DELAY_MS} ms:`,
    );
    console.log(
      `  checks finished in ${(ms / 1000).toFixed(2)} s (target < ${TARGET_MS / 1000} s) ` +
        `${ms < TARGET_MS ? 'PASS' : 'FAIL'}; concurrency ${answer.links.concurrency}, ` +
        `time limit ${answer.links.timeoutMs} ms per request, most in flight ${links.inFlight.most}, ` +
        `${polls} polls, ${answer.findings.length} findings; load average ${load1!.toFixed(2)} on ${cpus().length} cores`,
    );
    console.log(
      `  first answer (course read, local checks, run claimed) after ${firstAnswerMs.toFixed(0)} ms; ` +
        `every link answered after ${(linksDoneMs || ms).toFixed(0)} ms`,
    );
    // Again at once: the report of the unchanged course is answered from the database.
    const again = performance.now();
    const cached = await h.http.get(`/api/courses/${courseId}/checks`, { cookie });
    console.log(
      `  asked again (unchanged course): ${cached.status} in ${(performance.now() - again).toFixed(0)} ms`,
    );
  } finally {
    await h.close();
    await links.close();
  }
}

/**
 * The course through the Content API, as the editor's plan does: a create holds at most 100 children,
 * so the sections come with the course, then the lessons and the topics are added by updates of at
 * most 100 items each.
 */
async function createLargeCourse(
  h: Harness,
  topic: () => { type: string; body: string },
): Promise<string> {
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await h.sandbox.api(method, path, body);
    if (response.status !== 200)
      throw new Error(
        `${method} ${path} answered ${response.status}: ${response.text.slice(0, 300)}`,
      );
    return response.body;
  };
  const created = await send('POST', '/content/course/create', {
    courseAttributes: [
      {
        title: 'Bench course',
        kind: 'courseGroup',
        description: 'Checks bench.',
        sections: Array.from({ length: SECTIONS }, (_, s) => ({
          title: `Section ${s + 1}`,
          lessons: [],
        })),
      },
    ],
  });
  const courseId = created.courseIds[0] as string;
  const structure = async () =>
    (await send('GET', `/courses/${courseId}/structure`)) as {
      sections: { id: string; lessons: { id: string }[] }[];
    };
  const inBatches = async (items: Record<string, unknown>[], key: 'lessons' | 'topics') => {
    for (let i = 0; i < items.length; i += 100)
      await send('PUT', '/content/course/update', {
        courseAttributes: { [key]: items.slice(i, i + 100) },
      });
  };
  const sections = (await structure()).sections;
  await inBatches(
    sections.flatMap((section, s) =>
      Array.from({ length: LESSONS }, (_, l) => ({
        sectionId: section.id,
        title: `Lesson ${s + 1}.${l + 1}`,
        openType: 'studentsOnly',
      })),
    ),
    'lessons',
  );
  const lessons = (await structure()).sections.flatMap((section) => section.lessons);
  await inBatches(
    lessons.flatMap((lesson, l) =>
      Array.from({ length: TOPICS }, (_, t) => ({
        lessonId: lesson.id,
        title: `Topic ${l + 1}.${t + 1}`,
        ...topic(),
      })),
    ),
    'topics',
  );
  return courseId;
}
