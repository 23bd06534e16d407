// The course's reads, sent on landing on the editor (docs/decisions/loading-strategy.md): the structure at
// once, the group's two reads the moment its answer names the group, all before any route chunk has run.
// Kept in the shell, so it imports nothing heavy: the answers stay unparsed JSON, and the loader checks them
// with the contract (open-saved.ts) once its code has loaded. The URLs are the content API client's
// (landing-urls.ts, held to the client in editor-landing.test.ts), the console server's preloads too.
import { editorLandingUrls } from '#contract/console/landing-urls.ts';
import { keepLandingData, landingReads, type LandingData } from '../../../lib/landing-data.ts';

/** A read's JSON body when it answered 2xx; null when it was not sent, cancelled, failed or not JSON. */
export type LandedRead = Promise<{ body: unknown } | null>;

/** The course's three reads, as landed. */
export interface EditorLanding {
  structure: LandedRead;
  /** The group the structure's raw answer named, which the group's two reads asked for. */
  groupId: Promise<string | null>;
  courseGroup: LandedRead;
  courses: LandedRead;
}

export const editorLandingKey = (courseId: string) => `course-editor:${courseId}`;

/** The group the structure's body names, if it names one as a string. */
function groupIdOf(landed: { body: unknown } | null): string | null {
  const body = landed?.body;
  if (typeof body !== 'object' || body === null || !('courseGroupId' in body)) return null;
  return typeof body.courseGroupId === 'string' ? body.courseGroupId : null;
}

/**
 * `staticData.landingData` of the editor route. The reads leave at once (`landingReads`); when the
 * session says nobody with a role is signed in they are cancelled and nothing is kept.
 */
export const startEditorReads: LandingData = ({ params, session }) => {
  const courseId = params.courseId!;
  const send = landingReads(session);
  const read = (url: string): LandedRead =>
    send(url)
      .then(async (answer) => (answer?.ok ? { body: (await answer.json()) as unknown } : null))
      .catch(() => null); // Not JSON: the loader asks again.
  const structure = read(editorLandingUrls.structure(courseId));
  const group = structure.then(groupIdOf);
  const landing: EditorLanding = {
    structure,
    groupId: group,
    courseGroup: group.then((id) => (id ? read(editorLandingUrls.courseGroup(id)) : null)),
    courses: group.then((id) => (id ? read(editorLandingUrls.courses(id)) : null)),
  };
  // What turns the answers into the editor's opening state loads while they are on their way.
  void import('./load-editor.ts').catch(() => undefined);
  keepLandingData(
    editorLandingKey(courseId),
    session.then(() => landing),
  );
};
