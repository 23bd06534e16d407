// "Preview as a learner": a course draft (saved or not) as its learners see it. A topic's page shows
// its place, its lesson's access in words, its title, its media and its body (sanitised, in a sandboxed
// frame: learner-html.ts), at a desktop or a phone's width, with the previous and next topic in course
// order; the course outline lists the sections and lessons as the learner's contents. This module is
// the button; the dialog's content (and DOMPurify) loads when it opens (learner-preview-content.tsx).
import { lazy, Suspense, useState } from 'react';
import type { CourseDraft } from '#compiler/index.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent } from '../ui/dialog.tsx';

const loadContent = () => import('./learner-preview-content.tsx');
const LearnerPreviewContent = lazy(loadContent);

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
  // The draft as it was when the preview opened: later edits do not move the page being read.
  const [shown, setShown] = useState<CourseDraft | null>(null);
  if (draft.kind !== 'courseGroup' && draft.kind !== 'microCourse') return null;
  return (
    <Dialog open={shown !== null} onOpenChange={(next) => setShown(next ? draft : null)}>
      <Button size="sm" onClick={() => setShown(draft)} onPointerEnter={() => void loadContent()}>
        {label}
      </Button>
      {shown ? (
        <DialogContent
          size="wide"
          title={`Preview as a learner: ${shown.attributes.title || '(untitled)'}`}
          description="As learners see it, from the draft in hand (unsaved changes included). Scripts in bodies never run here."
        >
          <Suspense fallback={<p aria-busy="true">Loading the preview…</p>}>
            <LearnerPreviewContent draft={shown} topicId={topicId} />
          </Suspense>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
