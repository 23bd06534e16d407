// React's view of the live stream: follow a topic while a component is mounted, and read the
// stream's status.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { liveStream, type LiveStatus } from './live-stream.ts';

/** Calls `onState` with the topic's state now and on every change; null: follow nothing. */
export function useLiveTopic(topic: string | null, onState: (data: unknown) => void): void {
  const latest = useRef(onState);
  useEffect(() => {
    latest.current = onState;
  });
  useEffect(() => {
    if (!topic) return;
    return liveStream.follow(topic, (data) => latest.current(data));
  }, [topic]);
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => liveStream.onStatus(listener),
    () => liveStream.status,
  );
}
