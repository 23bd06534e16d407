import { describe, expect, it } from 'vitest';
import { gridDraft, saveDraft } from '#compiler/test-drafts.ts';
import { ENDPOINTS } from '#contract/endpoints.ts';
import { API_BASE } from '../../../lib/content-api.ts';
import { editorLandingUrls } from '#contract/console/landing-urls.ts';
import type { EditorLanding, LandedRead } from './editor-landing.ts';
import { landedBaseline } from './open-saved.ts';

const { baseline } = saveDraft(gridDraft(2, 2, 2));
const courseId = baseline.course.id;
const groupId = baseline.courseGroup.id;

const landed = (body: unknown): LandedRead => Promise.resolve({ body });
const landing = (over: Partial<EditorLanding> = {}): EditorLanding => ({
  structure: landed(baseline.structure),
  groupId: Promise.resolve(groupId),
  courseGroup: landed(baseline.courseGroup),
  courses: landed({ courses: [baseline.course] }),
  ...over,
});

// Outside a browser the API client cannot reach the console server: a read asked again through it
// fails with this message, which shows that the landed answer was not taken.
const ASKED_AGAIN = 'The console server could not be reached. Check your connection and try again.';

describe('the course editor on landing', () => {
  it("asks the contract's URLs for the structure and the group's two reads", () => {
    const url = (template: string, params: Record<string, string>) => {
      expect(ENDPOINTS.some((e) => e.method === 'GET' && e.path === template)).toBe(true);
      return API_BASE + template.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!);
    };
    expect(editorLandingUrls.structure(courseId)).toBe(
      url('/courses/{courseId}/structure', { courseId }),
    );
    expect(editorLandingUrls.courseGroup(groupId)).toBe(url('/courseGroups/{id}', { id: groupId }));
    expect(editorLandingUrls.courses(groupId)).toBe(
      url('/courseGroups/{id}/courses', { id: groupId }),
    );
  });

  it('takes the landed answers, checked with the contract, without asking again', async () => {
    await expect(landedBaseline(courseId, landing())).resolves.toEqual(baseline);
  });

  it('asks again a read that did not land, or whose body the contract refuses', async () => {
    await expect(
      landedBaseline(courseId, landing({ structure: Promise.resolve(null) })),
    ).rejects.toThrow(ASKED_AGAIN);
    await expect(
      landedBaseline(
        courseId,
        landing({ courseGroup: landed({ ...baseline.courseGroup, id: 7 }) }),
      ),
    ).rejects.toThrow(ASKED_AGAIN);
    await expect(
      landedBaseline(courseId, landing({ courses: Promise.resolve(null) })),
    ).rejects.toThrow(ASKED_AGAIN);
  });

  it("does not take the group's reads when they followed another group than the checked one", async () => {
    await expect(
      landedBaseline(courseId, landing({ groupId: Promise.resolve(crypto.randomUUID()) })),
    ).rejects.toThrow(ASKED_AGAIN);
  });

  it('says so when the group does not list the course', async () => {
    await expect(
      landedBaseline(courseId, landing({ courses: landed({ courses: [] }) })),
    ).rejects.toThrow(`Course ${courseId} is not listed in its group`);
  });
});
