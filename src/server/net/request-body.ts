// Whether a request carries a body, from its headers alone (before anything is read).
import type { FastifyRequest } from 'fastify';

export function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return length !== undefined ? length !== '0' : request.headers['transfer-encoding'] !== undefined;
}
