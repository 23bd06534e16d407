// A failed item's messages from the API, each with its HTTP status: in the progress view of a run, and
// beside a course of the completion-criteria list, which shows the last run's result without loading
// the progress view and the bulk runner.
import type { BulkItemResult } from '../lib/bulk/bulk-runner.ts';

/** The API's messages for one item, each with the HTTP status it came with; nothing when none. */
export function BulkResultMessages({ result }: { result: BulkItemResult }) {
  if (result.messages.length === 0) return null;
  return (
    <ul className="bulk-item__messages">
      {result.messages.map((message, index) => (
        <li key={index}>
          {result.httpStatus ? (
            <span className="bulk-item__status">HTTP {result.httpStatus}</span>
          ) : null}
          {message}
        </li>
      ))}
    </ul>
  );
}
