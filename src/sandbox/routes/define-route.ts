// Registers a route straight from the contract's endpoint table (src/contract/endpoints.ts): method,
// path, permission and the params/query/body schemas come from there, so the sandbox cannot drift
// from the OpenAPI document. Bad input becomes a 400 `{ errors }` before the handler runs.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from '#contract/zod.ts';
import { API_PREFIX, ENDPOINTS } from '#contract/index.ts';
import { parseOrThrow } from '../lib/errors.ts';
import { companyOf } from '../plugins/auth.ts';

type AnyEndpoint = (typeof ENDPOINTS)[number];
export type OperationId = AnyEndpoint['operationId'];
type EndpointOf<Id extends OperationId> = Extract<AnyEndpoint, { operationId: Id }>;
type Parsed<E, Key extends string> = E extends { [K in Key]: infer S extends z.ZodMiniType }
  ? z.output<S>
  : Record<string, never>;
type BodyOf<E> = E extends { body: infer S extends z.ZodMiniType } ? z.output<S> : unknown;

export interface RouteInput<Id extends OperationId> {
  params: Parsed<EndpointOf<Id>, 'params'>;
  query: Parsed<EndpointOf<Id>, 'query'>;
  /** Parsed JSON body; the raw string for XML bodies. */
  body: BodyOf<EndpointOf<Id>>;
  companyId: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

export function endpointOf<Id extends OperationId>(operationId: Id): EndpointOf<Id> {
  const endpoint = ENDPOINTS.find((e) => e.operationId === operationId);
  if (!endpoint) throw new Error(`No endpoint ${operationId} in the contract`);
  return endpoint as EndpointOf<Id>;
}

/** `/courses/{courseId}/structure` -> `/incoming/v2/courses/:courseId/structure`. */
export const fastifyPath = (path: string): string => API_PREFIX + path.replace(/\{(\w+)\}/g, ':$1');

export function defineRoute<Id extends OperationId>(
  app: FastifyInstance,
  operationId: Id,
  handler: (input: RouteInput<Id>) => unknown,
): void {
  const endpoint: {
    method: string;
    path: string;
    params?: z.ZodMiniType;
    query?: z.ZodMiniType;
    body?: z.ZodMiniType | 'xml';
    successStatus?: number;
    permission?: 'courses.new' | 'courses.edit';
  } = endpointOf(operationId);
  app.route({
    method: endpoint.method as 'GET',
    url: fastifyPath(endpoint.path),
    config: endpoint.permission ? { permission: endpoint.permission } : {},
    handler: async (request, reply) => {
      const input = {
        params: endpoint.params ? parseOrThrow(endpoint.params, request.params) : {},
        query: endpoint.query ? parseOrThrow(endpoint.query, request.query ?? {}) : {},
        body:
          endpoint.body && endpoint.body !== 'xml'
            ? parseOrThrow(endpoint.body, request.body ?? {})
            : request.body,
        companyId: companyOf(request),
        request,
        reply,
      } as RouteInput<Id>;
      const result = await handler(input);
      if (endpoint.successStatus) reply.code(endpoint.successStatus);
      return result;
    },
  });
}
