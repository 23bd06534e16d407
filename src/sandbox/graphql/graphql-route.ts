// POST {SANDBOX_GRAPHQL_PATH}?apiKey=<company secret key> (spec 4.6), GraphQL-over-HTTP style:
// - missing or wrong apiKey (or API access off): 401 with a GraphQL error body;
// - a malformed body, a syntax error, a validation or variable error: 400 with `errors` and no data;
// - a well-formed request: 200 with `data`, plus `errors` for resolver failures (bad credentials,
//   lockout, missing token). Unexpected errors are masked.
// The REST auth hook is off for this route (`auth: 'none'`): the apiKey is checked here.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  execute,
  GraphQLError,
  parse,
  validate,
  type DocumentNode,
  type ExecutionResult,
} from 'graphql';
import { GRAPHQL_ERROR_CODES, GRAPHQL_MESSAGES } from '#contract/index.ts';
import type { LoginService } from './login-service.ts';
import { INTERNAL_ERROR, rootValue, schema, type GraphqlContext } from './schema.ts';

interface GraphqlBody {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

const errorBody = (message: string, code: string) => ({
  errors: [{ message, extensions: { code } }],
});

function isGraphqlBody(body: unknown): body is GraphqlBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { query, variables, operationName } = body as Record<string, unknown>;
  const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  return (
    typeof query === 'string' &&
    (variables === undefined || variables === null || isObject(variables)) &&
    (operationName === undefined || operationName === null || typeof operationName === 'string')
  );
}

function bearerToken(request: FastifyRequest): string | undefined {
  const [scheme, token] = (request.headers.authorization ?? '').trim().split(/\s+/);
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** Clients that ask for the GraphQL response media type get it; everyone else gets JSON. */
function send(request: FastifyRequest, reply: FastifyReply, status: number, body: unknown) {
  const wantsGraphqlType = (request.headers.accept ?? '').includes(
    'application/graphql-response+json',
  );
  return reply
    .code(status)
    .type(
      `${wantsGraphqlType ? 'application/graphql-response+json' : 'application/json'}; charset=utf-8`,
    )
    .send(body);
}

function formatErrors(result: ExecutionResult, request: FastifyRequest) {
  return result.errors?.map((error) => {
    const original = error.originalError;
    if (original && !(original instanceof GraphQLError)) {
      request.log.error({ err: original }, 'GraphQL resolver failed');
      return { ...INTERNAL_ERROR, path: error.path };
    }
    return error.toJSON();
  });
}

export function registerGraphqlRoute(
  app: FastifyInstance,
  path: string,
  login: LoginService,
): void {
  app.route({
    method: 'POST',
    url: path,
    config: { auth: 'none' },
    // Body parse failures (bad JSON, wrong content type) still answer in GraphQL's error shape.
    errorHandler: (error, request, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'GraphQL request failed');
      const message = status >= 500 ? GRAPHQL_MESSAGES.internal : (error as Error).message;
      const code = status >= 500 ? GRAPHQL_ERROR_CODES.internal : GRAPHQL_ERROR_CODES.badRequest;
      return send(request, reply, status, errorBody(message, code));
    },
    handler: async (request, reply) => {
      const { apiKey } = (request.query ?? {}) as Record<string, unknown>;
      if (typeof apiKey !== 'string' || apiKey === '')
        return send(
          request,
          reply,
          401,
          errorBody(GRAPHQL_MESSAGES.missingApiKey, GRAPHQL_ERROR_CODES.invalidApiKey),
        );
      const companyId = login.companyForApiKey(apiKey);
      if (!companyId)
        return send(
          request,
          reply,
          401,
          errorBody(GRAPHQL_MESSAGES.invalidApiKey, GRAPHQL_ERROR_CODES.invalidApiKey),
        );
      if (!isGraphqlBody(request.body))
        return send(
          request,
          reply,
          400,
          errorBody(GRAPHQL_MESSAGES.badRequestBody, GRAPHQL_ERROR_CODES.badRequest),
        );

      let document: DocumentNode;
      try {
        document = parse(request.body.query);
      } catch (error) {
        if (error instanceof GraphQLError)
          return send(request, reply, 400, { errors: [error.toJSON()] });
        throw error;
      }
      const invalid = validate(schema, document);
      if (invalid.length > 0)
        return send(request, reply, 400, { errors: invalid.map((error) => error.toJSON()) });

      const contextValue: GraphqlContext = { companyId, token: bearerToken(request), login };
      const result = await execute({
        schema,
        document,
        rootValue,
        contextValue,
        variableValues: request.body.variables ?? undefined,
        operationName: request.body.operationName ?? undefined,
      });
      // No `data` at all: the request could not start (variables, operation name): a 400.
      const status = result.data === undefined ? 400 : 200;
      const body: Record<string, unknown> = {};
      if (result.errors) body.errors = formatErrors(result, request);
      if (result.data !== undefined) body.data = result.data;
      return send(request, reply, status, body);
    },
  });

  app.get(path, { config: { auth: 'none' } }, async (request, reply) =>
    send(
      request,
      reply.header('allow', 'POST'),
      405,
      errorBody(GRAPHQL_MESSAGES.methodNotAllowed, GRAPHQL_ERROR_CODES.badRequest),
    ),
  );
}
