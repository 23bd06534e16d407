// A topic's body in a sandboxed frame: `sandbox=""` grants nothing (no allow-scripts, no
// allow-same-origin, no forms, popups or navigation of the console), and the HTML is sanitised first.
import { useMemo } from 'react';
import type { TopicNode } from '#compiler/index.ts';
import { frameDocument, learnerHtml } from './learner-html.ts';
import frameStylesheet from './preview-frame.css?url';

export function LearnerFrame({ topic }: { topic: TopicNode }) {
  const html = useMemo(
    () => learnerHtml([topic.preTextBlock, topic.body, topic.postTextBlock]),
    [topic.preTextBlock, topic.body, topic.postTextBlock],
  );
  if (!html) return <p className="learner-page__empty">This topic has no text.</p>;
  return (
    <iframe
      className="learner-page__frame"
      sandbox=""
      title={`Body of “${topic.title || 'untitled topic'}”`}
      srcDoc={frameDocument(html, frameStylesheet)}
      data-testid="learner-frame"
    />
  );
}
