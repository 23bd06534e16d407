import { Fragment } from 'react';

/**
 * A request line or path ("PUT /api/roles/:email") that wraps only after a slash or at a space, never
 * inside a word: `overflow-wrap: anywhere` shrank the column to one letter and cut "/api/session".
 */
export function PathText({ text }: { text: string }) {
  const parts = text.split(/(?<=\/)/);
  return (
    <span className="mono path-text">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
