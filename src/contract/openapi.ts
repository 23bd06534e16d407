// Generates the OpenAPI 3.1 document from the contract's schemas and endpoint table. Never hand-edit
// the output: `npm run openapi` writes it, and the sandbox serves it at /incoming/v2/openapi.json.
import { z } from './zod.ts';
import { API_PREFIX, ENDPOINTS, type Endpoint } from './endpoints.ts';

type JsonSchema = Record<string, unknown>;

const toJson = (schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema => {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  // Registered schemas nested in an unregistered one come back as local $defs: point them at the
  // components section, where every registered schema is emitted.
  const { $schema: _schema, $defs: _defs, ...rest } = json;
  return JSON.parse(
    JSON.stringify(rest).replaceAll('"#/$defs/', '"#/components/schemas/'),
  ) as JsonSchema;
};

/** A registered schema becomes a $ref; anything else is inlined. */
const schemaRef = (schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema => {
  const id = z.globalRegistry.get(schema)?.id;
  return id ? { $ref: `#/components/schemas/${id}` } : toJson(schema, io);
};

const errorResponses = {
  '400': {
    description:
      'Validation failed. Pre-checks answer with a plain-text body; every other failure with `{ "errors": [string] }`.',
    content: {
      'text/plain': { schema: { type: 'string' } },
      'application/json': { schema: { $ref: '#/components/schemas/ValidationErrors' } },
    },
  },
  '401': { description: 'Authentication failed (empty body).' },
};

function parameters(endpoint: Endpoint): JsonSchema[] {
  const list: JsonSchema[] = [];
  const add = (shape: z.ZodMiniObject | undefined, where: 'path' | 'query') => {
    if (!shape) return;
    for (const [name, field] of Object.entries(shape.shape)) {
      const schema = toJson(field as z.ZodMiniType, 'input');
      list.push({
        name,
        in: where,
        required: where === 'path' || !(field as z.ZodMiniType).safeParse(undefined).success,
        schema,
      });
    }
  };
  add(endpoint.params, 'path');
  add(endpoint.query, 'query');
  return list;
}

function operation(endpoint: Endpoint): JsonSchema {
  const success = String(endpoint.successStatus ?? 200);
  const responses: JsonSchema = {
    [success]: {
      description: 'Success.',
      content:
        endpoint.response === 'xml'
          ? { 'text/xml': { schema: { type: 'string' } } }
          : { 'application/json': { schema: schemaRef(endpoint.response, 'output') } },
    },
    ...errorResponses,
    '404': {
      description: 'Not found.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/NotFound' } } },
    },
  };
  if (endpoint.throttled)
    responses['429'] = {
      description: 'Throttled; wait `Retry-After` seconds.',
      headers: { 'Retry-After': { schema: { type: 'integer' } } },
    };
  const op: JsonSchema = {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    parameters: parameters(endpoint),
    responses,
    security: [{ bearer: [] }, { secretKeyQuery: [] }, { jwtQuery: [] }],
  };
  if (endpoint.permission) op['x-permission'] = endpoint.permission;
  if (endpoint.body)
    op.requestBody = {
      required: true,
      content:
        endpoint.body === 'xml'
          ? { 'text/xml': { schema: { type: 'string' } } }
          : { 'application/json': { schema: schemaRef(endpoint.body, 'input') } },
    };
  return op;
}

export function buildOpenApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of ENDPOINTS as readonly Endpoint[]) {
    const item = (paths[endpoint.path] ??= {});
    item[endpoint.method.toLowerCase()] = operation(endpoint);
  }
  const registry = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, JsonSchema> };
  const schemas: Record<string, JsonSchema> = {
    ValidationErrors: {
      type: 'object',
      properties: { errors: { type: 'array', items: { type: 'string' } } },
      required: ['errors'],
    },
    NotFound: {
      type: 'object',
      properties: { errors: { type: 'array', items: { type: 'string' } } },
      required: ['errors'],
    },
  };
  // By name: the registry's order is the order modules were first imported, which differs between
  // `npm run openapi` and a test process that imported other parts first.
  for (const [id, schema] of Object.entries(registry.schemas).sort(([a], [b]) =>
    a < b ? -1 : 1,
  )) {
    const { $schema: _s, $id: _i, ...rest } = schema;
    schemas[id] = rest;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Learning Platform Content API (Lectern sandbox)',
      version: '2',
      description:
        'Generated from Lectern\'s contract (src/contract). Shapes the spec marks "not shown" are Lectern\'s design, and this document is their reference.',
    },
    servers: [{ url: API_PREFIX }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        secretKeyQuery: { type: 'apiKey', in: 'query', name: 'secretKey' },
        jwtQuery: { type: 'apiKey', in: 'query', name: 'jwt' },
      },
    },
  };
}
