// The sandbox's logger: pino (Fastify's), with the Authorization header redacted and the value of every
// credential parameter (`apiKey`, `secretKey`, `jwt`) replaced in every line, so a logged URL such as
// `/graphql?apiKey=…` never shows a key. Embedded in the console, the sandbox logs through the console's
// logger instead (whose scrubber does the same), with the request URL redacted here as well.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { pino } from 'pino';
import { redactCredentialParams } from '#contract/index.ts';

export interface LogDestination {
  write(line: string): void;
}

/** The request as logged: Fastify's default fields, with the URL's credential values redacted. */
const serializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactCredentialParams(request.url),
    host: request.host,
    remoteAddress: request.ip,
  }),
};

export function createSandboxLogger(
  level: 'silent' | 'info' | 'debug',
  options: { logger?: FastifyBaseLogger; destination?: LogDestination },
): { loggerInstance: FastifyBaseLogger } | { logger: false } {
  if (options.logger)
    return { loggerInstance: options.logger.child({}, { serializers }) as FastifyBaseLogger };
  if (level === 'silent') return { logger: false };
  const destination = options.destination ?? process.stdout;
  const redacting: LogDestination = {
    write: (line) => destination.write(redactCredentialParams(line)),
  };
  return {
    loggerInstance: pino(
      { level, redact: ['req.headers.authorization'], serializers },
      redacting,
    ) as FastifyBaseLogger,
  };
}
