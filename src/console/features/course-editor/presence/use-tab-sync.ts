// One draft per course per user, whatever the tabs: the tab holding the edit lease posts its draft
// to the user's other tabs of the course in this browser (a BroadcastChannel named after the draft's
// autosave key), and a read-only tab whose lease is held by one of them follows it live. So the
// read-only tab always shows the draft as it is, and "Edit here instead" there goes on from it.
// Only the holder writes the autosave backup (use-autosave.ts skips a read-only store).
import { useEffect, useRef } from 'react';
import type { CourseDraft } from '#compiler/index.ts';
import type { EditorStore } from '../state/editor-store.ts';

type Message =
  | { type: 'hello' }
  | {
      type: 'state';
      from: string;
      draft: CourseDraft;
      saved: CourseDraft;
      typed: Readonly<Record<string, string>>;
    };

/** Posts at most this often while typing (structured clone of the draft costs a little). */
const POST_EVERY_MS = 80;

export function useTabSync(
  store: EditorStore,
  draftKey: string,
  tab: string | null,
  /** The tab holding the lease now (null: none known). */
  holder: string | null,
): void {
  const holderRef = useRef(holder);
  useEffect(() => {
    holderRef.current = holder;
  });
  useEffect(() => {
    if (!tab || typeof BroadcastChannel !== 'function') return;
    const channel = new BroadcastChannel(`lectern-draft:${draftKey}`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const post = () => {
      timer = undefined;
      if (holderRef.current !== tab) return;
      const message: Message = {
        type: 'state',
        from: tab,
        draft: store.draft,
        saved: store.savedDraft,
        typed: store.typed,
      };
      channel.postMessage(message);
    };
    channel.onmessage = (event: MessageEvent<Message>) => {
      const message = event.data;
      if (message.type === 'hello') post();
      else if (store.readOnly && message.from === holderRef.current)
        store.adopt({ ...message, history: { past: [], future: [] } });
    };
    const unsubscribe = store.subscribe(() => {
      if (holderRef.current === tab && !timer) timer = setTimeout(post, POST_EVERY_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
      channel.close();
    };
  }, [store, draftKey, tab]);

  // A follower asks the holder for its draft whenever the holder changes.
  useEffect(() => {
    if (!tab || !holder || holder === tab || typeof BroadcastChannel !== 'function') return;
    const channel = new BroadcastChannel(`lectern-draft:${draftKey}`);
    channel.postMessage({ type: 'hello' } satisfies Message);
    channel.close();
  }, [draftKey, tab, holder]);
}
