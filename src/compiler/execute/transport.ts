// What the executor needs from the outside world; the console and the tests provide it.
import type { CourseStructure } from '#contract/index.ts';
import type { CreateStep, PlanStep } from '../plan/types.ts';

export interface WireRequest {
  method: 'POST' | 'PUT';
  /** Relative to `/incoming/v2`. */
  path: string;
  body: unknown;
}

export interface TransportResponse {
  status: number;
  /** Parsed JSON, or the text of a non-JSON body. */
  body: unknown;
  /** The Retry-After header of a 429 (seconds or an HTTP date). */
  retryAfter?: string | null;
}

export type CreatedIds = { courseIds: string[]; courseGroupIds: string[] };

export interface Transport {
  send(request: WireRequest, step: PlanStep): Promise<TransportResponse>;
  readStructure(courseId: string): Promise<CourseStructure>;
  /** Settles a create request sent without an answer: its ids, 'absent', or 'unknown'. */
  findCreated?(
    step: CreateStep,
    sentAt: string | undefined,
  ): Promise<CreatedIds | 'absent' | 'unknown'>;
}
