// Events per minute over the chart's window, as plain SVG (no chart library: this route's chunk is the
// only one that carries it). The rows in view are marked as a band, so the chart also says "where am I"
// while scrolling back. Redrawn at most once a second; the list itself follows every frame.
import { useId, useMemo } from 'react';
import type { MonitorFilter } from '../filters/event-filters.ts';
import { useNow, useThrottledSnapshot, useVisibleRange } from '../data/monitor-instance.ts';
import { bucketPerMinute, chartWindow, MINUTE, niceMax } from '../data/per-minute.ts';
import { once } from '../../../lib/once.ts';

const WIDTH = 720;
const HEIGHT = 140;
const PAD = { top: 10, right: 8, bottom: 22, left: 40 };
const timeFormat = once(
  () => new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit' }),
);

export interface EventsChartProps {
  filter: Pick<MonitorFilter, 'from' | 'to'>;
}

export function EventsChart({ filter: { from, to } }: EventsChartProps) {
  const range = useVisibleRange();
  const titleId = useId();
  const descId = useId();
  const snapshot = useThrottledSnapshot(1000);
  const now = useNow(15_000);
  const span = useMemo(() => chartWindow({ from, to }, now), [from, to, now]);
  const buckets = useMemo(() => bucketPerMinute(snapshot, span), [snapshot, span]);

  const total = buckets.reduce((sum, value) => sum + value, 0);
  const peak = Math.max(0, ...buckets);
  const peakIndex = buckets.indexOf(peak);
  const max = niceMax(peak);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const barWidth = plotWidth / buckets.length;
  const x = (time: number) =>
    PAD.left + ((time - span.start) / (span.end - span.start)) * plotWidth;
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const minutes = buckets.length;
  const description =
    total === 0
      ? `No shown events in the last ${minutes} minutes of the window.`
      : `${total.toLocaleString('en')} shown events over ${minutes} minutes; busiest minute ${timeFormat().format(span.start + peakIndex * MINUTE)} with ${peak.toLocaleString('en')}.`;
  const band = range ? clampBand(range, span) : null;

  return (
    <figure className="em-chart">
      <figcaption className="em-chart__caption">Events per minute</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        preserveAspectRatio="none"
        className="em-chart__svg"
      >
        <title id={titleId}>Events per minute</title>
        <desc id={descId}>{description}</desc>
        {band ? (
          <rect
            className="em-chart__band"
            x={x(band.start)}
            y={PAD.top}
            width={Math.max(2, x(band.end) - x(band.start))}
            height={plotHeight}
          />
        ) : null}
        {[0, max / 2, max].map((tick) => (
          <g key={tick}>
            <line
              className="em-chart__grid"
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
            />
            <text className="em-chart__label" x={PAD.left - 6} y={y(tick) + 4} textAnchor="end">
              {formatTick(tick)}
            </text>
          </g>
        ))}
        {buckets.map((value, index) =>
          value === 0 ? null : (
            <rect
              key={index}
              className="em-chart__bar"
              x={PAD.left + index * barWidth + 0.5}
              y={y(value)}
              width={Math.max(1, barWidth - 1)}
              height={PAD.top + plotHeight - y(value)}
            />
          ),
        )}
        {[0, 0.5, 1].map((fraction) => {
          const time = span.start + fraction * (span.end - span.start);
          return (
            <text
              key={fraction}
              className="em-chart__label"
              x={x(time)}
              y={HEIGHT - 6}
              textAnchor={fraction === 0 ? 'start' : fraction === 1 ? 'end' : 'middle'}
            >
              {timeFormat().format(time)}
            </text>
          );
        })}
      </svg>
    </figure>
  );
}

function clampBand(
  range: { newest: number; oldest: number },
  span: { start: number; end: number },
) {
  const start = Math.max(span.start, Math.min(range.oldest, range.newest));
  const end = Math.min(span.end, Math.max(range.oldest, range.newest));
  return end < start ? null : { start, end };
}

const formatTick = (value: number) =>
  Number.isInteger(value) ? value.toLocaleString('en') : value.toFixed(1);
