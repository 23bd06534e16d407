// This tab's presence on the course (src/contract/console/presence.ts): a heartbeat while the editor
// is open (the first one claims the edit lease when nobody holds it), the course's presence as the
// live stream pushes it, a leave as the page goes, and "Edit here instead". The lease is advice: a
// failed beat never makes the editor read-only, only another tab holding the lease does.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  beatPresence,
  endEditLease,
  leavePresence,
  takeEditLease,
  type CoursePresence,
  type LeaseEnding,
} from '#contract/console/presence.ts';
import { CoursePresence as CoursePresenceSchema } from '#contract/console/presence.ts';
import { callConsole } from '../../../lib/console-api.ts';
import { browserId, loadId, tabId } from '../../../lib/live/tab-identity.ts';
import { useLiveTopic } from '../../../lib/live/use-live-topic.ts';

export interface Presence {
  /** The course's presence as last heard (null until the first beat answers). */
  state: CoursePresence | null;
  /** This tab's id (null until known). */
  tab: string | null;
  /** Another tab holds the lease, or took it from this one: this tab does not edit. */
  readOnly: boolean;
  /** How this tab lost the lease, while it has not taken it back. */
  lost: LeaseEnding | null;
  /** "Edit here instead": takes the lease for this tab. */
  take(): Promise<void>;
  /** Ends the lease, whoever holds it (admins). */
  end(): Promise<void>;
}

export function usePresence(courseId: string | null, title: string): Presence {
  const [state, setState] = useState<CoursePresence | null>(null);
  const [tab, setTab] = useState<string | null>(null);
  const [lost, setLost] = useState<LeaseEnding | null>(null);
  const titleRef = useRef(title);
  useEffect(() => {
    titleRef.current = title;
  });
  // Whether this tab may claim a free lease: not after losing it, until the user takes it back.
  const mayClaim = useRef(true);
  const held = useRef(false);

  const receive = useCallback(
    (next: CoursePresence) => {
      setState((previous) =>
        previous && Date.parse(previous.serverTime) > Date.parse(next.serverTime) ? previous : next,
      );
      if (!tab) return;
      const holding = next.lease?.tabId === tab;
      if (held.current && !holding && next.lastEnding?.tabId === tab) {
        mayClaim.current = false;
        setLost(next.lastEnding);
      }
      held.current = holding;
    },
    [tab],
  );

  useEffect(() => {
    let live = true;
    void tabId().then((id) => live && setTab(id));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!courseId || !tab) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const beat = async () => {
      let delay: number;
      try {
        const answer = await callConsole(beatPresence, {
          params: { courseId, tabId: tab },
          body: {
            browserId: browserId(),
            loadId,
            title: titleRef.current.slice(0, 300),
            claim: mayClaim.current,
          },
          signal: controller.signal,
          quiet: true,
        });
        receive(answer);
        delay = answer.heartbeatMs;
      } catch {
        if (controller.signal.aborted) return;
        delay = 3_000; // Offline or signed out: try again soon; the editor stays editable.
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void beat(), delay);
    };
    void beat();
    const leave = () =>
      void callConsole(leavePresence, {
        params: { courseId, tabId: tab },
        query: { loadId },
        keepalive: true,
        quiet: true,
      }).catch(() => undefined);
    addEventListener('pagehide', leave);
    return () => {
      controller.abort();
      clearTimeout(timer);
      removeEventListener('pagehide', leave);
      leave();
    };
  }, [courseId, tab, receive]);

  useLiveTopic(courseId && tab ? `presence:${courseId}` : null, (data) => {
    const parsed = CoursePresenceSchema.safeParse(data);
    if (parsed.success) receive(parsed.data);
  });

  const take = useCallback(async () => {
    if (!courseId || !tab) return;
    const answer = await callConsole(takeEditLease, {
      params: { courseId },
      body: { tabId: tab },
    });
    mayClaim.current = true;
    held.current = true;
    setLost(null);
    receive(answer);
  }, [courseId, tab, receive]);

  const end = useCallback(async () => {
    if (!courseId) return;
    await callConsole(endEditLease, { params: { courseId } });
  }, [courseId]);

  const readOnly =
    lost !== null || (state !== null && state.lease !== null && state.lease.tabId !== tab);
  return { state, tab, readOnly, lost, take, end };
}
