// Opening a saved course: its reads go out first, and the code that turns them into a draft (the
// compiler, the backup store) loads meanwhile instead of before them. Started on landing by the
// editor route's `landingData` (with the session, before the loader's chunk arrives), else by its
// loader (docs/decisions/loading-strategy.md).
import type { EditorInit } from './load-editor.ts';
import { loadBaseline } from './load-course.ts';

export function openSavedCourse(courseId: string, userEmail: string): Promise<EditorInit> {
  const reading = loadBaseline(courseId);
  reading.catch(() => undefined); // Its failure is the opening's, through loadEditor below.
  return import('./load-editor.ts').then(({ loadEditor }) =>
    loadEditor(courseId, userEmail, reading),
  );
}
