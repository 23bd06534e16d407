// The banner over a draft restored from this browser's backup: when it was saved, whether the course
// changed on the server since the draft began, and "Discard it", which deletes the backup before the
// banner goes (closing the tab now cannot bring it back).
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';

export function RestoredBanner({
  restoredAt,
  fromOlderVersion,
  baselineKnown,
  onDiscard,
}: {
  restoredAt: number;
  /** The restored draft was begun from an older (or unknown) version of the course. */
  fromOlderVersion: boolean;
  /** Whether the backup stored the version it began from. */
  baselineKnown: boolean;
  /** Sets the draft back to the server's and deletes the backup; the banner goes when it resolves. */
  onDiscard(): Promise<void>;
}) {
  const [discarding, setDiscarding] = useState(false);
  const discard = async () => {
    setDiscarding(true);
    try {
      await onDiscard();
    } finally {
      setDiscarding(false);
    }
  };
  return (
    <div
      className={`banner ${fromOlderVersion ? 'banner--warning' : 'banner--info'}`}
      role="status"
    >
      Restored your unsaved draft from {new Date(restoredAt).toLocaleString()}.
      {fromOlderVersion
        ? baselineKnown
          ? ' The course has changed on the server since your draft began: applying shows what changed first, and nothing of theirs is overwritten.'
          : ' It was backed up without the version of the course it began from: applying shows every difference with the server first.'
        : ''}{' '}
      <Button size="sm" variant="ghost" pending={discarding} onClick={() => void discard()}>
        Discard it
      </Button>
    </div>
  );
}
