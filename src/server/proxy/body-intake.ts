// Proxied request bodies are read whole, up to the body limit, before anything else is spent on them (an
// audit row, an upstream connection): a slow or abandoned upload holds its own socket and nothing shared.
// How many bodies are being received at once is bounded per user and in total, so one user cannot take
// every place, and memory stays within `total` x the body limit. A body past the limit is a 413; the rest
// of it is read and discarded, so the connection stays usable and the client reads the answer. See
// docs/decisions/bodies-before-upstream.md.
import type { Readable } from 'node:stream';
import { ApiError, BodyAbortedError, MESSAGES } from '../errors.ts';

export interface BodyIntakeLimits {
  perUser: number;
  total: number;
  maxBytes: number;
}

export interface BodyIntakeStats {
  /** Bodies being received now. */
  receiving: number;
  limit: number;
  /** Every place is taken: the next body is refused with 503. */
  saturated: boolean;
}

export interface BodyIntake {
  /** Reads `stream` to its end for `user`; throws 429 (theirs are all in use) or 503 (all are). */
  read(stream: Readable, user: string): Promise<Buffer>;
  stats(): BodyIntakeStats;
}

export function createBodyIntake(limits: BodyIntakeLimits): BodyIntake {
  const byUser = new Map<string, number>();
  let receiving = 0;
  return {
    async read(stream, user) {
      const mine = byUser.get(user) ?? 0;
      if (mine >= limits.perUser)
        throw new ApiError(429, 'rate_limited', MESSAGES.bodiesPerUser(limits.perUser), {
          'retry-after': '1',
        });
      if (receiving >= limits.total)
        throw new ApiError(503, 'server_busy', MESSAGES.bodiesBusy, { 'retry-after': '1' });
      byUser.set(user, mine + 1);
      receiving += 1;
      try {
        return await readWhole(stream, limits.maxBytes);
      } finally {
        receiving -= 1;
        const left = byUser.get(user)! - 1;
        if (left === 0) byUser.delete(user);
        else byUser.set(user, left);
      }
    },
    stats: () => ({ receiving, limit: limits.total, saturated: receiving >= limits.total }),
  };
}

function readWhole(stream: Readable, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    stream.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      tooLarge = true;
      chunks.length = 0;
      reject(new ApiError(413, 'payload_too_large', MESSAGES.bodyTooLarge(limit)));
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
    // Closed without its end (and without an error): cut off all the same.
    stream.on('close', () => reject(new BodyAbortedError()));
  });
}
