// The conflict panel: the course changed on the server after the draft was begun, so nothing was
// sent. Each change is a row: what changed, as it was when the draft was begun, theirs now, and the
// draft's pending edit beside it. Their changes are taken into the draft; where both changed the
// same thing, the user picks whose to keep. Then the plan is made against the server's version.
import { useState } from 'react';
import type { Choice, ServerChange } from '#compiler/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { changeValue, changeWhat } from './change-words.ts';

export interface ConflictPanelProps {
  changes: readonly ServerChange[] | null;
  /** Without the version the draft was begun from, every difference is a choice. */
  baselineKnown: boolean;
  onMerge(choices: Record<string, Choice>): void;
  onCancel(): void;
}

export function ConflictPanel({ changes, baselineKnown, onMerge, onCancel }: ConflictPanelProps) {
  return (
    <Dialog open={changes !== null} onOpenChange={(open) => !open && onCancel()}>
      {changes ? (
        <ConflictContent
          changes={changes}
          baselineKnown={baselineKnown}
          onMerge={onMerge}
          onCancel={onCancel}
        />
      ) : null}
    </Dialog>
  );
}

function ConflictContent({
  changes,
  baselineKnown,
  onMerge,
  onCancel,
}: ConflictPanelProps & { changes: readonly ServerChange[] }) {
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const conflicts = changes.filter((change) => change.conflict);
  const open = conflicts.filter((change) => !choices[change.id]).length;
  return (
    <DialogContent
      size="wide"
      title="The course changed on the server since your draft began"
      description={
        baselineKnown
          ? 'Nothing was sent. Below is what someone else changed, beside your draft. Their changes are taken into your draft; where you both changed the same thing, choose whose to keep. Then review the plan and apply.'
          : 'Nothing was sent. This draft was backed up without the version of the course it began from, so its changes cannot be told apart from theirs: for each difference, choose whose to keep. Then review the plan and apply.'
      }
    >
      {/* Scrolls sideways on a phone: a labelled region in the tab order, so keys can scroll it. */}
      <div className="table-scroll" role="region" aria-labelledby="conflict-caption" tabIndex={0}>
        <table className="diff-table">
          <caption id="conflict-caption" className="visually-hidden">
            Changes on the server and in your draft
          </caption>
          <thead>
            <tr>
              <th scope="col">What changed</th>
              {baselineKnown ? <th scope="col">When your draft began</th> : null}
              <th scope="col">Theirs, on the server now</th>
              <th scope="col">Yours, in your draft</th>
              <th scope="col">Keep</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.id} className={change.conflict ? 'is-conflict' : undefined}>
                <th scope="row">{changeWhat(change)}</th>
                {baselineKnown ? <td>{changeValue(change, change.opened)}</td> : null}
                <td>{changeValue(change, change.theirs)}</td>
                <td className={change.mineChanged ? undefined : 'is-muted'}>
                  {change.mineChanged || !baselineKnown
                    ? changeValue(change, change.mine)
                    : 'Unchanged'}
                </td>
                <td>
                  {change.conflict ? (
                    <fieldset className="keep-choice">
                      <legend className="visually-hidden">Keep for {changeWhat(change)}</legend>
                      {(['theirs', 'mine'] as const).map((side) => (
                        <label key={side} className="check">
                          <input
                            type="radio"
                            name={`keep-${change.id}`}
                            checked={choices[change.id] === side}
                            onChange={() => setChoices((c) => ({ ...c, [change.id]: side }))}
                          />
                          {side === 'theirs' ? 'Theirs' : 'Mine'}
                        </label>
                      ))}
                    </fieldset>
                  ) : (
                    'Theirs'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="dialog__actions">
        {open > 0 ? (
          <p className="field__hint" role="status">
            Choose whose to keep for {open} {open === 1 ? 'change' : 'changes'} you both made.
          </p>
        ) : null}
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="primary" disabled={open > 0} onClick={() => onMerge(choices)}>
          Take their changes into my draft
        </Button>
      </div>
    </DialogContent>
  );
}
