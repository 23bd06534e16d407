// Archive or restore a course group through update, with the cascade stated before it happens.
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { plural } from '../../lib/format.ts';
import { useSetGroupArchived } from './mutations.ts';

export interface GroupArchiveActionProps {
  group: { id: string; title: string; archived: boolean; courseCount: number };
}

export function GroupArchiveAction({ group }: GroupArchiveActionProps) {
  const [open, setOpen] = useState(false);
  const setArchived = useSetGroupArchived();
  const archive = !group.archived;
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
        onConfirm={() =>
          setArchived.mutateAsync({ id: group.id, archived: archive, title: group.title })
        }
      />
    </>
  );
}
