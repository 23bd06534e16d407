// Publish or unpublish a learning path by id (releaseContent with kind learningPath). The confirmation
// reads the path's current status first and refuses what it makes pointless.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Status } from '#contract/enums.ts';
import { learningPathRefusal } from '#contract/publish-rules.ts';
import { StatusBadge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { getLearningPath } from '../../lib/content-api.ts';
import { learningPathQueries } from '../../lib/queries/learning-paths.ts';
import { useReleaseContent } from './mutations.ts';

export function LearningPathActions({
  path,
}: {
  path: { id: string; title: string; status: Status };
}) {
  const release = useReleaseContent();
  const [action, setAction] = useState<'release' | 'unrelease' | null>(null);
  const fresh = useQuery({
    queryKey: [...learningPathQueries.all, 'fresh-check', path.id] as const,
    queryFn: ({ signal }) => getLearningPath(path.id, signal),
    enabled: action !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const current = fresh.data?.learningPath.status;
  const refusal = action && current ? learningPathRefusal(action, current) : null;
  return (
    <div className="panel__actions">
      <Button
        variant="primary"
        onClick={() => setAction('release')}
        disabled={learningPathRefusal('release', path.status) !== null}
      >
        Publish
      </Button>
      <Button
        onClick={() => setAction('unrelease')}
        disabled={learningPathRefusal('unrelease', path.status) !== null}
      >
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
        confirmDisabled={!current || refusal !== null}
        onConfirm={() =>
          action
            ? release.mutateAsync({ id: path.id, kind: 'learningPath', action, title: path.title })
            : undefined
        }
      >
        {fresh.isPending ? (
          <p className="fresh-status">
            <Spinner size="sm" label="" /> Reading the current status…
          </p>
        ) : fresh.isError ? (
          <ErrorState compact error={fresh.error} title="The current status could not be read" />
        ) : current ? (
          <div className="fresh-status" data-testid="fresh-status">
            <p className="fresh-status__line">
              Now: <StatusBadge status={current} />
            </p>
            {refusal ? (
              <p className="plan-note plan-note--skip" role="alert">
                <strong>Not sent:</strong> {refusal}
              </p>
            ) : null}
          </div>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
