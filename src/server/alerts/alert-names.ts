// The words an alert's text uses for the course filter of its rule: the title, through the console's
// shared names service (names/names-service.ts: one cache for every user and server, bounded upstream
// reads), as the event views show it. A rule's `course` is a course or a learning path id: a course
// first, then a learning path; neither on the instance says so, as the event views do.
import type { Logger } from 'pino';
import type { NamesAnswer, ResolvedName } from '#contract/console/names.ts';

/** The names service as alerts use it (the wiring passes names/names-service.ts). */
export interface NameResolver {
  resolve(request: { courses?: string[]; learningPaths?: string[] }): Promise<NamesAnswer>;
}

/** How an alert's text names the course (or learning path) a rule watches. */
export type CourseWords = (id: string) => Promise<string>;

const quoted = (name: ResolvedName) => `“${name.title ?? ''}”`;

export function courseWords(names: NameResolver, log: Logger): CourseWords {
  return async (id) => {
    try {
      const [course] = (await names.resolve({ courses: [id] })).names;
      if (course?.state === 'found') return `course ${quoted(course)}`;
      if (course?.state === 'missing') {
        const [path] = (await names.resolve({ learningPaths: [id] })).names;
        if (path?.state === 'found') return `learning path ${quoted(path)}`;
        if (path?.state === 'missing')
          return `unknown course (id ${id}, deleted or never on the instance)`;
      }
      return `course ${id} (title not available)`;
    } catch (error) {
      log.warn({ err: error, course: id }, 'alerts: naming a course failed');
      return `course ${id} (title not available)`;
    }
  };
}
