// Who else has the course open (name, "in another tab of yours" or "in another browser", since
// when, who edits), and, when this tab is read-only, why and "Edit here instead". Admins may end
// another tab's lease.
import { useState } from 'react';
import type { CoursePresence, LeaseEnding, PresentTab } from '#contract/console/presence.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formatTime } from '../../../lib/format.ts';
import { browserId } from '../../../lib/live/tab-identity.ts';

export interface PresenceBarProps {
  state: CoursePresence | null;
  tab: string | null;
  me: string;
  readOnly: boolean;
  lost: LeaseEnding | null;
  /** The name of the backup kept when the lease was lost with unapplied changes. */
  backupName: string | null;
  isAdmin: boolean;
  onTake(): Promise<void>;
  onEnd(): Promise<void>;
}

function where(tab: PresentTab, me: string): string {
  if (tab.email !== me) return 'in another browser';
  return tab.browserId === browserId() ? 'in another tab of yours' : 'you, in another browser';
}

export function PresenceBar(props: PresenceBarProps) {
  const { state, tab, me, readOnly, lost } = props;
  const [busy, setBusy] = useState<'take' | 'end' | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!state) return null;
  const others = state.present.filter((other) => other.tabId !== tab);
  const lease = state.lease;
  const run = async (what: 'take' | 'end') => {
    setBusy(what);
    setError(null);
    try {
      await (what === 'take' ? props.onTake() : props.onEnd());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(null);
    }
  };
  const holder = lease && lease.tabId !== tab ? lease : null;
  const holderIsMine = holder !== null && holder.email === me && holder.browserId === browserId();
  let why: string | null = null;
  if (lost)
    why = `${lost.byEmail === me ? 'You' : lost.byName} ${lost.how === 'takenOver' ? 'took over editing' : 'ended your edit lease'} at ${formatTime(lost.at)}. This tab is read-only.${props.backupName ? ` Your unapplied changes are kept as the backup “${props.backupName}”: restore, compare or export it from Backups.` : ''}`;
  else if (readOnly && holder)
    why = holderIsMine
      ? 'You are editing this course in another tab. This tab follows it, read-only.'
      : `${holder.name} is editing this course (since ${formatTime(holder.since)}). You can read it here; editing it too would collide with their changes.`;
  // Nothing to say: no element at all, since an empty one still takes its gap in the editor's column
  // and moved the outline down as the first presence answer came (seen at 390 px).
  if (!why && others.length === 0 && !error) return null;
  return (
    <div className="presence-bar">
      {why ? (
        <div className="banner banner--warning presence-bar__banner" role="status">
          <span>{why}</span>{' '}
          <Button size="sm" pending={busy === 'take'} onClick={() => void run('take')}>
            Edit here instead
          </Button>
        </div>
      ) : null}
      {others.length > 0 ? (
        <section className="presence-bar__people" aria-label="Also on this course">
          <span className="presence-bar__label">Also here:</span>
          <ul className="presence-bar__list">
            {others.map((other) => (
              <li key={other.tabId} className="presence-bar__person">
                <strong>{other.email === me ? 'You' : other.name}</strong>{' '}
                <span>
                  {where(other, me)}, since {formatTime(other.since)}
                  {other.editing ? ' · editing' : ''}
                </span>
              </li>
            ))}
          </ul>
          {props.isAdmin && holder ? (
            <Button
              size="sm"
              variant="ghost"
              pending={busy === 'end'}
              onClick={() => void run('end')}
            >
              End {holderIsMine ? 'the other tab’s' : `${holder.name}’s`} edit lease
            </Button>
          ) : null}
        </section>
      ) : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
