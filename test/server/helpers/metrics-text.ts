// Reading Prometheus text as /metrics serves it (the metrics and shutdown tests).

/** The value of one series line (`name{labels} value`), or undefined. */
export function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
