// Uploads that are slow or never finish, on raw connections: the headers and the first bytes at once, then
// one byte every `dripMs`, as an attacker (or a very bad network) sends them.
import { RawConnection, type RawResponse } from '../../helpers/raw-http.ts';

export interface SlowUpload {
  connection: RawConnection;
  /** The answer, once there is one; undefined if the connection closed without one. */
  response: Promise<RawResponse | undefined>;
  stop(): void;
}

export async function slowUpload(
  url: string,
  request: { method: string; path: string; headers: Record<string, string>; declared: number },
  options: { first: string; dripMs: number; answerWithinMs?: number },
): Promise<SlowUpload> {
  const connection = await RawConnection.open(url);
  const lines = [`${request.method} ${request.path} HTTP/1.1`, 'Host: 127.0.0.1'];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
  lines.push(`Content-Length: ${request.declared}`);
  await connection.write(`${lines.join('\r\n')}\r\n\r\n${options.first}`);
  const timer = setInterval(() => {
    if (connection.isClosed) clearInterval(timer);
    else void connection.write(' ');
  }, options.dripMs);
  const response = connection
    .read(options.answerWithinMs ?? 60_000)
    .catch(() => undefined)
    .finally(() => clearInterval(timer));
  return {
    connection,
    response,
    stop() {
      clearInterval(timer);
      connection.destroy();
    },
  };
}

/** The headers a signed-in browser sends with a state-changing request. */
export function browserHeaders(cookie: string, origin: string, contentType: string) {
  return { Cookie: cookie, 'X-Lectern-Csrf': '1', Origin: origin, 'Content-Type': contentType };
}
