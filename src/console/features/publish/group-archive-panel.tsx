// Archive or restore a course group through update. The confirmation reads the group and its courses
// first and shows the cascade on each course (archived, or back to draft) before it happens.
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { plural } from '../../lib/format.ts';
import { FreshStatus, useFreshGroupCheck } from './fresh-status.tsx';
import { useSetGroupArchived } from './mutations.ts';
import { decideGroup } from './publish-plan.ts';

export interface GroupArchiveActionProps {
  group: { id: string; title: string; archived: boolean; courseCount: number };
}

export function GroupArchiveAction({ group }: GroupArchiveActionProps) {
  const [open, setOpen] = useState(false);
  const setArchived = useSetGroupArchived();
  const fresh = useFreshGroupCheck(group.id, open);
  const archive = !group.archived;
  const action = archive ? 'archive' : 'restore';
  const decision = fresh.data ? decideGroup(action, fresh.data) : null;
  const courses = plural(group.courseCount, 'course');
  return (
    <>
      <Button variant={archive ? 'danger' : 'primary'} onClick={() => setOpen(true)}>
        {archive ? 'Archive group' : 'Restore group'}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={archive ? `Archive “${group.title}”?` : `Restore “${group.title}”?`}
        description={
          archive
            ? `Archiving this course group also archives its ${courses}. Learners can no longer find or enroll in them.`
            : `Restoring this course group sets its ${courses} to draft. Publish them again to make them visible to learners.`
        }
        confirmLabel={archive ? 'Archive group and its courses' : 'Restore group'}
        tone={archive ? 'danger' : 'primary'}
        confirmDisabled={!decision?.send}
        onConfirm={() =>
          setArchived.mutateAsync({ id: group.id, archived: archive, title: group.title })
        }
      >
        <FreshStatus query={fresh} decision={decision} cascade={action} />
      </ConfirmDialog>
    </>
  );
}
