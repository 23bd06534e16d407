// Publish or unpublish a learning path by id (releaseContent with kind learningPath).
import { useState } from 'react';
import type { Status } from '#contract/enums.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { useReleaseContent } from './mutations.ts';

export function LearningPathActions({
  path,
}: {
  path: { id: string; title: string; status: Status };
}) {
  const release = useReleaseContent();
  const [action, setAction] = useState<'release' | 'unrelease' | null>(null);
  return (
    <div className="panel__actions">
      <Button
        variant="primary"
        onClick={() => setAction('release')}
        disabled={path.status === 'published'}
      >
        Publish
      </Button>
      <Button onClick={() => setAction('unrelease')} disabled={path.status === 'draft'}>
        Unpublish
      </Button>
      <ConfirmDialog
        open={action !== null}
        onOpenChange={(open) => (open ? undefined : setAction(null))}
        title={`${action === 'release' ? 'Publish' : 'Unpublish'} “${path.title}”?`}
        description={
          action === 'release'
            ? 'Publishes the learning path with releaseContent: learners can see it and enroll.'
            : 'Sets the learning path back to draft with releaseContent: learners no longer see it.'
        }
        confirmLabel={action === 'release' ? 'Publish' : 'Unpublish'}
        tone={action === 'unrelease' ? 'danger' : 'primary'}
        onConfirm={() =>
          action
            ? release.mutateAsync({ id: path.id, kind: 'learningPath', action, title: path.title })
            : undefined
        }
      />
    </div>
  );
}
