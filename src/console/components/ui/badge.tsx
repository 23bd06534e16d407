import type { ReactNode } from 'react';
import type { Status } from '#contract/enums.ts';
import { STATUS_LABELS } from '../../lib/labels/catalog.ts';

export type Tone = 'success' | 'neutral' | 'info' | 'warning' | 'danger' | 'muted';

const STATUS_TONES: Record<Status, Tone> = {
  draft: 'neutral',
  authoring: 'info',
  published: 'success',
  loginRestriction: 'warning',
  archived: 'muted',
  pending: 'info',
  deleted: 'danger',
};

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}

export function StatusBadge({ status }: { status: Status }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}
