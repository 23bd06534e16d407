// The connection state at a glance. Screen readers hear about changes of state (a polite live region
// holding only the state's name), never about each event or each tick of a countdown.
import { useEffect, useState } from 'react';
import { connectionLabel } from './connection-label.ts';
import { useFeedState, useNow } from '../data/monitor-instance.ts';

export function ConnectionIndicator() {
  const feed = useFeedState();
  const now = useNow(1000);
  const { tone, label, detail } = connectionLabel(feed, now);
  const [announced, setAnnounced] = useState('');

  useEffect(() => {
    // Set after mount and on change only; a live region announces changes of its content.
    const timer = setTimeout(() => setAnnounced(`Event stream: ${label}`), 100);
    return () => clearTimeout(timer);
  }, [label]);

  return (
    <div className="em-connection" data-tone={tone} data-testid="connection-indicator">
      <span className="em-connection__dot" aria-hidden="true" />
      <span className="em-connection__label">{label}</span>
      {detail ? <span className="em-connection__detail">{detail}</span> : null}
      {feed.role === 'follower' ? (
        <span className="em-connection__detail">(stream shared with another tab)</span>
      ) : null}
      <p role="status" aria-live="polite" className="visually-hidden">
        {announced}
      </p>
    </div>
  );
}
