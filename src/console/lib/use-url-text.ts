// A text box whose value lives in the URL: typing is debounced into the URL, and a change of the URL
// from elsewhere (the back button) replaces what the box shows, unless it is the value the box just
// wrote (the user may have typed further since).
import { useState } from 'react';
import { useDebouncedEffect } from './use-debounced-effect.ts';

export function useUrlText(
  urlValue: string | undefined,
  commit: (value: string | undefined) => void,
  delayMs = 300,
): [text: string, setText: (value: string) => void] {
  const [text, setText] = useState(urlValue ?? '');
  const [committed, setCommitted] = useState(urlValue ?? '');
  const [seen, setSeen] = useState(urlValue);
  if (urlValue !== seen) {
    setSeen(urlValue);
    if ((urlValue ?? '') !== committed) setText(urlValue ?? '');
  }
  useDebouncedEffect(text.trim(), delayMs, (value) => {
    if (value === (urlValue ?? '')) return;
    setCommitted(value);
    commit(value || undefined);
  });
  return [text, setText];
}
