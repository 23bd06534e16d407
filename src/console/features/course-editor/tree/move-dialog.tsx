// "Move to…" (Canvas's move tray): pick the parent, then the place among its children, from lists.
// The same for mouse, keyboard and screen-reader users, and under the same rules as a drop: places
// the API cannot make are listed but disabled, with the reason under the list.
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  childrenOf,
  findNode,
  locate,
  type PlacementRule,
  type TreeDraft,
} from '#compiler/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { KIND_WORD, nodeName, shortName } from './node-names.ts';
import { moveChecked, moveTargets } from './commands/outline-edits.ts';

export interface MoveDialogProps {
  draft: TreeDraft;
  /** The node to move; null: the dialog is closed. */
  nodeId: string | null;
  rule: PlacementRule;
  onMove(id: string, to: { parentId: string | null; index: number }): void;
  onClose(): void;
}

export function MoveDialog(props: MoveDialogProps) {
  return (
    <Dialog open={props.nodeId !== null} onOpenChange={(open) => !open && props.onClose()}>
      {props.nodeId !== null && findNode(props.draft, props.nodeId) ? (
        <MoveForm {...props} nodeId={props.nodeId} />
      ) : null}
    </Dialog>
  );
}

function MoveForm({ draft, nodeId, rule, onMove }: MoveDialogProps & { nodeId: string }) {
  const where = locate(draft, nodeId)!;
  const targets = useMemo(() => moveTargets(draft, nodeId), [draft, nodeId]);
  const keyOf = (parentId: string | null) => parentId ?? 'root';
  const [parentKey, setParentKey] = useState(keyOf(where.parentId));
  const parentId = parentKey === 'root' ? null : parentKey;
  const parentNode = parentId === null ? null : findNode(draft, parentId)!;
  const siblings = childrenOf(parentNode ?? draft).filter((child) => child.clientId !== nodeId);
  // Places: 0 = at the top, i + 1 = after siblings[i].
  const places = siblings.length + 1;
  const checks = useMemo(
    () =>
      Array.from({ length: places }, (_, index) =>
        moveChecked(draft, nodeId, { parentId, index }, rule),
      ),
    [draft, nodeId, parentId, places, rule],
  );
  const firstAllowed = () => {
    const current = where.parentId === parentId ? where.index : places - 1;
    if (checks[current]?.ok) return current;
    const allowed = checks.findIndex((check) => check.ok);
    return allowed < 0 ? 0 : allowed;
  };
  const [place, setPlace] = useState<number | null>(null);
  const index = place ?? firstAllowed();
  const check = checks[index];
  const firstField = useRef<HTMLSelectElement>(null);
  const name = nodeName(draft, nodeId);
  const kind = KIND_WORD[where.node.kind].toLowerCase();
  const parentWord = parentNode ? KIND_WORD[parentNode.kind].toLowerCase() : 'course';
  const refusedReason = checks.find((c) => !c.ok);
  // Enter on either list moves at once (a list box takes no Enter of its own).
  const submitOnEnter = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };

  return (
    <DialogContent
      title={`Move ${name}`}
      description={`Choose where the ${kind} goes; it moves with everything inside it. Enter on either list moves it.`}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        firstField.current?.focus();
      }}
    >
      <form
        className="move-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (check?.ok) onMove(nodeId, { parentId, index });
        }}
      >
        {targets.length > 1 || targets[0] !== null ? (
          <Field
            label={`Into ${targets[0] === null ? 'the course' : `which ${KIND_WORD[targets[0]!.kind].toLowerCase()}`}`}
          >
            {(control) => (
              <select
                {...control}
                ref={firstField}
                className="input"
                value={parentKey}
                onKeyDown={submitOnEnter}
                onChange={(event) => {
                  setParentKey(event.currentTarget.value);
                  setPlace(null);
                }}
              >
                {targets.map((target) => {
                  if (target === null)
                    return (
                      <option key="root" value="root">
                        The course
                      </option>
                    );
                  const at = locate(draft, target.clientId)!;
                  const up = at.parentId === null ? null : locate(draft, at.parentId);
                  return (
                    <option key={target.clientId} value={target.clientId}>
                      {up ? `${shortName(up.node, up.index)} › ` : ''}
                      {shortName(target, at.index)}
                      {target.clientId === where.parentId ? ' (where it is now)' : ''}
                    </option>
                  );
                })}
              </select>
            )}
          </Field>
        ) : null}
        <Field
          label="Position"
          hint={
            refusedReason && !refusedReason.ok
              ? `Unavailable places: ${refusedReason.message}.`
              : undefined
          }
        >
          {(control) => (
            <select
              {...control}
              ref={targets.length > 1 || targets[0] !== null ? undefined : firstField}
              className="input"
              value={index}
              onKeyDown={submitOnEnter}
              onChange={(event) => setPlace(Number(event.currentTarget.value))}
            >
              {Array.from({ length: places }, (_, i) => (
                <option key={i} value={i} disabled={!checks[i]!.ok}>
                  {i === 0
                    ? `At the top of the ${parentWord}`
                    : i === places - 1
                      ? `At the bottom (after ${shortName(siblings[i - 1]!, i - 1)})`
                      : `After ${shortName(siblings[i - 1]!, i - 1)}`}
                  {where.parentId === parentId && i === where.index ? ' (where it is now)' : ''}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="dialog__actions">
          <DialogClose asChild>
            <Button>Cancel</Button>
          </DialogClose>
          <Button type="submit" variant="primary" disabled={!check?.ok}>
            Move
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
