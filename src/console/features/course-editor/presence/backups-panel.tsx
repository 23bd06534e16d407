// Named backups of this draft (a draft kept aside when a colleague took over editing, or when an
// admin ended the lease): restore one into the editor, compare it with the course on the server,
// export it as a course file, or delete it. Never deleted but by the user.
import { useCallback, useEffect, useState } from 'react';
import { serializeDraft, serverChanges, type Baseline } from '#compiler/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { changeValue, changeWhat } from '../apply/change-words.ts';
import { namedBackups, type NamedBackup } from '../persistence/editor-db.ts';

export interface BackupsPanelProps {
  draftKey: string;
  /** Changes when a backup is added, so the list is read again. */
  version: number;
  /** The course on the server (null: a new course), to compare a backup with. */
  server: Baseline | null;
  /** Null while this tab may not edit (restore is then refused). */
  onRestore: ((backup: NamedBackup) => void) | null;
}

export function BackupsPanel({ draftKey, version, server, onRestore }: BackupsPanelProps) {
  const [backups, setBackups] = useState<NamedBackup[]>([]);
  const [comparing, setComparing] = useState<NamedBackup | null>(null);
  const reload = useCallback(
    () => void namedBackups.list(draftKey).then(setBackups, () => setBackups([])),
    [draftKey],
  );
  useEffect(reload, [reload, version]);
  if (backups.length === 0) return null;
  return (
    <Dialog onOpenChange={(open) => open && reload()}>
      <DialogTrigger asChild>
        <Button size="sm">Backups ({backups.length})</Button>
      </DialogTrigger>
      <DialogContent
        title="Backups of this draft"
        description="Drafts kept aside when someone else took over editing. They stay until you delete them."
        size="lg"
      >
        <ul className="backups">
          {backups.map((backup) => (
            <li key={backup.id} className="backups__item">
              <div>
                <strong>{backup.reason}</strong>
                <div className="field__hint">
                  “{backup.draft.attributes.title || '(untitled)'}”, kept{' '}
                  {formatDateTime(backup.savedAt)}
                </div>
              </div>
              <div className="backups__actions">
                <Button
                  size="sm"
                  disabled={!onRestore}
                  title={onRestore ? undefined : 'Edit here first: this tab is read-only'}
                  onClick={() => onRestore?.(backup)}
                >
                  Restore
                </Button>
                <Button size="sm" onClick={() => setComparing(backup)} disabled={!server}>
                  Compare
                </Button>
                <Button
                  size="sm"
                  onClick={() =>
                    saveFile(
                      `${(backup.draft.attributes.title || 'course').replace(/[^\w-]+/g, '-')}.backup.course.json`,
                      serializeDraft(backup.draft),
                      'application/json',
                    )
                  }
                >
                  Export
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => void namedBackups.remove(backup.id).then(reload)}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
        {comparing && server ? <Comparison backup={comparing} server={server} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Comparison({ backup, server }: { backup: NamedBackup; server: Baseline }) {
  const changes = serverChanges(null, backup.draft, server).filter((change) => change.mineChanged);
  return (
    <section aria-label="Comparison" className="backups__compare">
      <h3 className="editor-panel__title">
        “{backup.reason}” beside the course on the server ({changes.length}{' '}
        {changes.length === 1 ? 'difference' : 'differences'})
      </h3>
      {changes.length === 0 ? (
        <p>The backup is the same as the course on the server.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">In the backup</th>
              <th scope="col">On the server</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change, index) => (
              <tr key={index}>
                <td>{changeWhat(change)}</td>
                <td>{changeValue(change, change.mine)}</td>
                <td>{changeValue(change, change.theirs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
