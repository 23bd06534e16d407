// Structured logging (pino) with two layers of protection for secrets: field redaction for the places a
// secret is known to live (headers, passwords, tokens), and a last-line scrubber that replaces the value
// of every credential parameter (`apiKey`, `secretKey`, `jwt`) in any URL of a line, and the API key
// wherever it appears, including error messages and stack traces. In demo mode the embedded sandbox
// logs through this logger too.
import { pino, type Logger } from 'pino';
import { redactCredentialParams } from '#contract/index.ts';
import type { ConsoleConfig } from './config.ts';

export interface LogDestination {
  write(line: string): void;
}

export const REDACTED = '[REDACTED]';

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'password',
  '*.password',
  'learnerToken',
  '*.learnerToken',
  'token',
  '*.token',
];

export function createLogger(
  level: ConsoleConfig['logLevel'],
  secrets: () => readonly string[],
  destination: LogDestination = process.stdout,
): Logger {
  const scrubbing: LogDestination = {
    write(line: string) {
      let out = redactCredentialParams(line);
      for (const secret of secrets()) {
        if (!secret) continue;
        out = out.replaceAll(secret, REDACTED);
        const escaped = JSON.stringify(secret).slice(1, -1);
        if (escaped !== secret) out = out.replaceAll(escaped, REDACTED);
      }
      destination.write(out);
    },
  };
  return pino(
    {
      level: level === 'silent' ? 'silent' : level,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      base: { service: 'lectern-console' },
    },
    scrubbing,
  );
}
