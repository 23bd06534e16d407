import { describe, expect, it } from 'vitest';
import { newCourseDraft, newTopic, sequentialIds, type MicroCourseDraft } from '#compiler/index.ts';
import { gridDraft } from '#compiler/test-drafts.ts';
import { learnerCourse, topicMedia } from './preview-model.ts';

describe('learner preview model', () => {
  it('lists every topic in course order with its section, lesson and access', () => {
    const draft = gridDraft(2, 2, 2);
    draft.sections[1]!.lessons[0]!.openType = 'emailCaptureOpen';
    const course = learnerCourse(draft)!;
    expect(course.pages.map((page) => page.topic.title)).toEqual([
      'S0L0T0',
      'S0L0T1',
      'S0L1T0',
      'S0L1T1',
      'S1L0T0',
      'S1L0T1',
      'S1L1T0',
      'S1L1T1',
    ]);
    expect(course.pages.map((page) => page.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(course.pages[4]).toMatchObject({
      id: draft.sections[1]!.lessons[0]!.topics[0]!.clientId,
      section: { title: 'S1', number: 2 },
      lesson: { title: 'S1L0', openType: 'emailCaptureOpen' },
    });
    expect(course.sections.map((s) => s.lessons.map((l) => l.pages.length))).toEqual([
      [2, 2],
      [2, 2],
    ]);
  });

  it('lists a micro-course’s topics without sections, and has nothing for kinds without topics', () => {
    const ids = sequentialIds();
    const micro = newCourseDraft('microCourse', 'Quick', ids) as MicroCourseDraft;
    micro.topics = [newTopic('One', 'text', ids), newTopic('Two', 'video', ids)];
    const course = learnerCourse(micro)!;
    expect(course.sections).toEqual([]);
    expect(course.pages.map((page) => [page.topic.title, page.lesson])).toEqual([
      ['One', undefined],
      ['Two', undefined],
    ]);
    expect(learnerCourse(newCourseDraft('article', 'Read', ids))).toBeNull();
  });

  it('names the media a topic shows', () => {
    const topic = {
      ...newTopic('Clip', 'video', sequentialIds()),
      videoUrl: 'https://cdn.test/clip.mp4',
      posterImageAsset: 'https://cdn.test/poster.png',
    };
    expect(topicMedia(topic)).toEqual([
      { label: 'Video', url: 'https://cdn.test/clip.mp4' },
      { label: 'Poster image', url: 'https://cdn.test/poster.png' },
    ]);
  });
});
