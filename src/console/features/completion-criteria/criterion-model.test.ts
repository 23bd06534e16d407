import { describe, expect, it } from 'vitest';
import { READ_MESSAGES } from '#contract/messages.ts';
import { courseItem } from './criterion-items.ts';
import { criterionSentence, defaultTopic, topicField, valueProblem } from './criterion-model.ts';

const course = '11111111-1111-4111-8111-111111111111';
const topic = '22222222-2222-4222-8222-222222222222';
const criterion = '33333333-3333-4333-8333-333333333333';

describe('completion criterion model', () => {
  it('knows which companion each type needs (spec 2.5)', () => {
    expect(topicField('coursePercentViewed')).toBeNull();
    expect(topicField('videoPercentViewed')).toBe('videoTopicId');
    expect(topicField('courseAssessmentPassed')).toBe('topicId');
    expect(topicField('videoTopicId')).toBe('topicId');
  });

  it('checks the value typed for every course', () => {
    expect(valueProblem({ type: 'coursePercentViewed', value: '80' })).toBeNull();
    expect(valueProblem({ type: 'coursePercentViewed', value: '150' })).toBe(
      'Enter a share from 1 to 100 (%).',
    );
    expect(valueProblem({ type: 'articleTimeViewedInSeconds', value: '0' })).toBe(
      'Enter at least 1 second.',
    );
    expect(valueProblem({ type: 'videoPercentViewed', value: '7.5' })).toBe(
      'Enter a whole number.',
    );
    expect(valueProblem({ type: 'scormComplete', value: '' })).toBeNull();
  });

  it('offers the first topic that fits the type', () => {
    const topics = [
      { id: 'a', title: 'Intro', type: 'text' as const },
      { id: 'b', title: 'Final quiz', type: 'quiz' as const },
    ];
    expect(defaultTopic('courseAssessmentPassed', topics)).toBe('b');
    expect(defaultTopic('courseTopicViewed', topics)).toBe('a');
    expect(defaultTopic('scormComplete', topics)).toBeUndefined();
  });

  it('builds each course’s request item, or says why the course is left out', () => {
    expect(
      courseItem(
        { type: 'coursePercentViewed', value: '80' },
        course,
        undefined,
        'create',
        undefined,
      ),
    ).toEqual({
      ok: true,
      create: { courseId: course, type: 'coursePercentViewed', coursePercentViewed: 80 },
    });
    expect(
      courseItem({ type: 'videoPercentViewed', value: '90' }, course, topic, 'update', criterion),
    ).toEqual({
      ok: true,
      update: {
        id: criterion,
        type: 'videoPercentViewed',
        videoPercentViewed: 90,
        videoTopicId: topic,
      },
    });
    expect(
      courseItem({ type: 'scormComplete', value: '' }, course, undefined, 'create', undefined),
    ).toEqual({
      ok: false,
      reason: `No topic chosen: ${READ_MESSAGES.criterionTopicRequired('scormComplete')}.`,
    });
    expect(
      courseItem({ type: 'courseTopicViewed', value: '' }, course, topic, 'update', undefined),
    ).toEqual({ ok: false, reason: 'This course has no criterion to change; add one instead.' });
  });

  it('says what a criterion means in words, never its wire value', () => {
    expect(criterionSentence({ type: 'coursePercentViewed', value: '80' })).toBe(
      'Each course is complete when a learner has viewed 80% of its pages.',
    );
    expect(criterionSentence({ type: 'articleTimeViewedInSeconds', value: 'x' })).toBe(
      'Each course is complete when a learner has spent … seconds on the page.',
    );
    expect(criterionSentence({ type: 'scormComplete', value: '' })).toBe(
      'Each course is complete on “SCORM package complete”, for the topic chosen for it.',
    );
  });
});
