// "Preview as a learner": a course draft (saved or not) as its learners see it. A topic's page shows
// its place, its lesson's access in words, its title, its media and its body (sanitised, in a sandboxed
// frame: learner-html.ts), at a desktop or a phone's width, with the previous and next topic in course
// order; the course outline lists the sections and lessons as the learner's contents.
import { useMemo, useState } from 'react';
import type { CourseDraft } from '#compiler/index.ts';
import { OPEN_TYPE_LABELS, TOPIC_TYPE_LABELS } from '../../lib/labels.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { ChoiceGroup } from '../ui/choice-group.tsx';
import { Dialog, DialogContent } from '../ui/dialog.tsx';
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

export interface LearnerPreviewProps {
  draft: CourseDraft;
  /** Opens at this topic (its client id); at the course outline when absent. */
  topicId?: string;
  label?: string;
}

/** The button that opens the preview; nothing for a course kind without topics. */
export function LearnerPreview({
  draft,
  topicId,
  label = 'Preview as a learner',
}: LearnerPreviewProps) {
  const [open, setOpen] = useState<{ course: LearnerCourse; view: View } | null>(null);
  if (draft.kind !== 'courseGroup' && draft.kind !== 'microCourse') return null;
  const show = () => {
    const course = learnerCourse(draft);
    if (!course) return;
    const index = course.pages.findIndex((page) => page.id === topicId);
    setOpen({ course, view: index >= 0 ? { kind: 'page', index } : { kind: 'outline' } });
  };
  return (
    <Dialog open={open !== null} onOpenChange={(next) => (next ? show() : setOpen(null))}>
      <Button size="sm" onClick={show}>
        {label}
      </Button>
      {open ? <PreviewContent course={open.course} initial={open.view} /> : null}
    </Dialog>
  );
}

function PreviewContent({ course, initial }: { course: LearnerCourse; initial: View }) {
  const [view, setView] = useState<View>(initial);
  const [width, setWidth] = useState<Width>('desktop');
  const page = view.kind === 'page' ? course.pages[view.index] : undefined;
  return (
    <DialogContent
      size="wide"
      title={`Preview as a learner: ${course.title || '(untitled)'}`}
      description="As learners see it, from the draft in hand (unsaved changes included). Scripts in bodies never run here."
    >
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
    </DialogContent>
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
