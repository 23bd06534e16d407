// The outline's small icons (kinds and row states), drawn inline: decorative (aria-hidden), since each
// row says the same in words to assistive technology and in its tooltip.
import type { ReactNode } from 'react';
import type { NodeKind } from '#compiler/index.ts';
import type { TopicType } from '#contract/enums.ts';
import type { NodeStatus } from './node-status.ts';
import { TOPIC_FAMILIES, type TopicFamily } from './topic-family.ts';

const svg = (children: ReactNode, className: string) => (
  <svg
    className={className}
    width="16"
    height="16"
    viewBox="0 0 16 16"
    aria-hidden="true"
    focusable="false"
  >
    {children}
  </svg>
);

/** A topic's icon by its type's family; a page for reading. */
const FAMILY_ICONS: Record<Exclude<TopicFamily, 'reading'>, ReactNode> = {
  // A play button in a frame.
  media: (
    <>
      <rect x="1.5" y="3" width="13" height="10" rx="1.5" fill="none" stroke="currentColor" />
      <path d="M6.5 5.8v4.4L10.3 8z" fill="currentColor" />
    </>
  ),
  // A question in a circle.
  assessment: (
    <>
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" />
      <path
        d="M6.2 6.3a1.9 1.9 0 1 1 2.6 1.7c-.6.3-.8.7-.8 1.3M8 11.2v.6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinecap="round"
      />
    </>
  ),
  // A box: a package or a tool from elsewhere.
  package: (
    <path
      d="M8 1.5l6 3v7l-6 3-6-3v-7zM2 4.5l6 3 6-3M8 7.5v7"
      fill="none"
      stroke="currentColor"
      strokeLinejoin="round"
    />
  ),
  // Two people: a discussion or a gathering.
  event: (
    <>
      <circle cx="5.5" cy="5.5" r="2" fill="none" stroke="currentColor" />
      <circle cx="11" cy="6.5" r="1.7" fill="none" stroke="currentColor" />
      <path
        d="M1.5 13c.5-2.6 2-3.8 4-3.8s3.5 1.2 4 3.8M10 9.6c2 0 3.3 1 3.8 3.4"
        fill="none"
        stroke="currentColor"
      />
    </>
  ),
};

export function KindIcon({ kind, type }: { kind: NodeKind; type?: TopicType | undefined }) {
  const family = type === undefined ? undefined : TOPIC_FAMILIES[type];
  const className = `tree-icon tree-icon--${kind}${family ? ` tree-icon--${family}` : ''}`;
  if (family !== undefined && family !== 'reading') return svg(FAMILY_ICONS[family], className);
  if (kind === 'section')
    return svg(
      <path
        d="M1.5 4.5h5l1.5 1.5h6.5v7.5h-13z"
        fill="currentColor"
        fillOpacity="0.15"
        stroke="currentColor"
      />,
      className,
    );
  if (kind === 'lesson')
    return svg(
      <path
        d="M3 3.5h10M3 8h10M3 12.5h10"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />,
      className,
    );
  return svg(
    <path d="M4 1.5h5.5L12.5 4.5v10h-8.5z M9.5 1.5v3h3" fill="none" stroke="currentColor" />,
    className,
  );
}

export type RowState = NodeStatus | 'problem';

export function StatusIcon({ state }: { state: RowState }) {
  const className = `tree-status tree-status--${state}`;
  switch (state) {
    case 'new':
      // A four-pointed spark: new, not yet on the server.
      return svg(
        <path
          d="M8 1.5l1.6 4.9 4.9 1.6-4.9 1.6L8 14.5l-1.6-4.9L1.5 8l4.9-1.6z"
          fill="currentColor"
        />,
        className,
      );
    case 'saved':
      return svg(
        <>
          <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
          <path d="M5 8.2l2 2 4-4.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </>,
        className,
      );
    case 'changed':
      return svg(
        <>
          <circle cx="8" cy="8" r="6.5" fill="currentColor" />
          <path d="M5 11l.6-2.4 4.6-4.6 1.8 1.8-4.6 4.6z" fill="#fff" />
        </>,
        className,
      );
    case 'problem':
      return svg(
        <>
          <path d="M8 1.2l7 13H1z" fill="currentColor" />
          <path d="M8 5.5v4.2M8 11.4v.8" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
        </>,
        className,
      );
  }
}

export function HiddenIcon() {
  return svg(
    <>
      <path
        d="M1.5 8s2.4-4.5 6.5-4.5S14.5 8 14.5 8 12.1 12.5 8 12.5 1.5 8 1.5 8z"
        fill="none"
        stroke="currentColor"
      />
      <circle cx="8" cy="8" r="2" fill="currentColor" />
      <path d="M2.5 13.5l11-11" stroke="currentColor" strokeWidth="1.4" />
    </>,
    'tree-icon tree-icon--hidden',
  );
}
