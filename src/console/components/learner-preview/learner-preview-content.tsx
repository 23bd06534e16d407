// The learner preview's dialog body: the course outline and a topic's page (sanitised body in a sandboxed
// frame, DOMPurify). Loaded when the preview opens (issue 27): the editor's outline does not wait for it.
import { useMemo, useState } from 'react';
import type { CourseDraft } from '#compiler/index.ts';
import { OPEN_TYPE_LABELS, TOPIC_TYPE_LABELS } from '../../lib/labels/topics.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { ChoiceGroup } from '../ui/choice-group.tsx';
import { LearnerFrame } from './learner-frame.tsx';
import {
  learnerCourse,
  topicMedia,
  type LearnerCourse,
  type PreviewPage,
} from './preview-model.ts';
import './learner-preview.css';

type Width = 'desktop' | 'phone';
type View = { kind: 'outline' } | { kind: 'page'; index: number };

/** The preview of `draft` as it was when opened, at `topicId`'s page or at the course outline. */
export default function LearnerPreviewContent({
  draft,
  topicId,
}: {
  draft: CourseDraft;
  topicId?: string;
}) {
  const course = useMemo(() => learnerCourse(draft), [draft]);
  if (!course) return null;
  const index = course.pages.findIndex((page) => page.id === topicId);
  return (
    <PreviewContent
      course={course}
      initial={index >= 0 ? { kind: 'page', index } : { kind: 'outline' }}
    />
  );
}

function PreviewContent({ course, initial }: { course: LearnerCourse; initial: View }) {
  const [view, setView] = useState<View>(initial);
  const [width, setWidth] = useState<Width>('desktop');
  const page = view.kind === 'page' ? course.pages[view.index] : undefined;
  return (
    <>
      <div className="learner-preview__bar">
        <ChoiceGroup
          legend="Width"
          name="learner-preview-width"
          value={width}
          onChange={setWidth}
          choices={[
            { value: 'desktop', label: 'Desktop' },
            { value: 'phone', label: 'Phone (390 px)' },
          ]}
        />
        {view.kind === 'page' ? (
          <Button size="sm" onClick={() => setView({ kind: 'outline' })}>
            Course outline
          </Button>
        ) : null}
      </div>
      <div className={`learner-preview__device learner-preview__device--${width}`}>
        {page ? (
          <TopicPage
            page={page}
            previous={course.pages[page.index - 1]}
            next={course.pages[page.index + 1]}
            onGo={(index) => setView({ kind: 'page', index })}
          />
        ) : (
          <CourseOutline course={course} onOpen={(index) => setView({ kind: 'page', index })} />
        )}
      </div>
    </>
  );
}

function CourseOutline({ course, onOpen }: { course: LearnerCourse; onOpen(index: number): void }) {
  const topicLink = (page: PreviewPage) => (
    <li key={page.id}>
      <button type="button" className="learner-outline__topic" onClick={() => onOpen(page.index)}>
        {page.topic.title || '(untitled topic)'}
      </button>
    </li>
  );
  return (
    <section className="learner-page" aria-labelledby="learner-outline-title">
      <h3 id="learner-outline-title" className="learner-page__title">
        {course.title || '(untitled)'}
      </h3>
      {course.pages.length === 0 ? (
        <p className="learner-page__empty">This course has no topics yet: learners see nothing.</p>
      ) : null}
      {course.sections.length === 0 ? (
        <ol className="learner-outline">{course.pages.map(topicLink)}</ol>
      ) : (
        course.sections.map((section, s) => (
          <div key={section.id} className="learner-outline__section">
            <h4>
              Section {s + 1}: {section.title || '(untitled section)'}
            </h4>
            {section.lessons.length === 0 ? (
              <p className="learner-page__empty">No lessons.</p>
            ) : null}
            {section.lessons.map((lesson) => (
              <div key={lesson.id} className="learner-outline__lesson">
                <p className="learner-outline__lesson-title">
                  <span>{lesson.title || '(untitled lesson)'}</span>
                  <Badge tone="info">{OPEN_TYPE_LABELS[lesson.openType]}</Badge>
                </p>
                {lesson.pages.length === 0 ? (
                  <p className="learner-page__empty">No topics.</p>
                ) : (
                  <ol className="learner-outline">{lesson.pages.map(topicLink)}</ol>
                )}
              </div>
            ))}
          </div>
        ))
      )}
    </section>
  );
}

function TopicPage({
  page,
  previous,
  next,
  onGo,
}: {
  page: PreviewPage;
  previous?: PreviewPage;
  next?: PreviewPage;
  onGo(index: number): void;
}) {
  const { topic } = page;
  const media = useMemo(() => topicMedia(topic), [topic]);
  return (
    <article className="learner-page" aria-labelledby="learner-topic-title">
      <p className="learner-page__where">
        {page.section ? `Section ${page.section.number}: ${page.section.title} · ` : ''}
        {page.lesson ? `${page.lesson.title} · ` : ''}
        {TOPIC_TYPE_LABELS[topic.type]}
      </p>
      {page.lesson ? (
        <p className="learner-page__access">
          Access: <Badge tone="info">{OPEN_TYPE_LABELS[page.lesson.openType]}</Badge>
        </p>
      ) : null}
      <h3 id="learner-topic-title" className="learner-page__title">
        {topic.title || '(untitled topic)'}
      </h3>
      {media.length > 0 ? (
        <ul className="learner-page__media">
          {media.map((item) => (
            <li key={item.label}>
              {item.label}:{' '}
              <a href={item.url} target="_blank" rel="noopener noreferrer">
                {item.url}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <LearnerFrame topic={topic} />
      <nav className="learner-page__steps" aria-label="Topics in course order">
        {previous ? (
          <Button size="sm" onClick={() => onGo(previous.index)}>
            ← Previous: {previous.topic.title || '(untitled topic)'}
          </Button>
        ) : (
          <span />
        )}
        {next ? (
          <Button size="sm" onClick={() => onGo(next.index)}>
            Next: {next.topic.title || '(untitled topic)'} →
          </Button>
        ) : null}
      </nav>
    </article>
  );
}
