// Generates the console server's API documents from the endpoints of ./index.ts: an OpenAPI 3.1
// document (docs/console-openapi.json) and the endpoint reference of docs/console-api.md (the part
// between its `generated` markers). Never hand-edit either: `npm run openapi` writes both, and
// ./document.test.ts fails when a committed one is stale.
import { z } from '../zod.ts';
import type { ConsoleAccess } from './access.ts';
import { AuditEntry, AuditPage, AuditSubject } from './audit.ts';
import {
  isRedirect,
  isStream,
  pathParams,
  type ConsoleEndpoint,
  type ConsoleErrorCase,
} from './endpoint.ts';
import { CONSOLE_ERRORS, ConsoleErrorBody } from './errors.ts';
import { ConsoleMeta, Health, RelayLeadership } from './health.ts';
import { CONSOLE_AREAS, CONSOLE_ENDPOINTS } from './index.ts';
import { PageInfo } from './pages.ts';
import { EventHistoryPage, KindStatus, RelayedEvent, RelayStatus } from './relay.ts';
import { RoleGrant, RolesList } from './roles.ts';
import { Capabilities, SessionView } from './session.ts';

type JsonSchema = Record<string, unknown>;

/** Schemas named in the OpenAPI document's components; everything else is inlined. */
const COMPONENTS = new Map<z.ZodMiniType, string>(
  Object.entries({
    ConsoleError: ConsoleErrorBody,
    SessionView,
    Capabilities,
    RoleGrant,
    RolesList,
    AuditSubject,
    AuditEntry,
    AuditPage,
    PageInfo,
    KindStatus,
    RelayStatus,
    RelayedEvent,
    EventHistoryPage,
    RelayLeadership,
    Health,
    ConsoleMeta,
  }).map(([name, schema]) => [schema as z.ZodMiniType, name]),
);

/**
 * Content API schemas with a name (`TopicRecord`) that a console schema uses are hoisted from the
 * `$defs` zod puts them in to the document's components, where `#/components/schemas/…` finds them.
 */
const hoisted = new Map<string, JsonSchema>();
const DEFS = '"#/$defs/';
const toComponents = (json: JsonSchema): JsonSchema =>
  JSON.parse(JSON.stringify(json).replaceAll(DEFS, '"#/components/schemas/')) as JsonSchema;

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output', refs: boolean): JsonSchema {
  const { json, defs } = zodJsonSchema(schema, io, refs);
  for (const [name, def] of Object.entries(defs)) hoisted.set(name, toComponents(def));
  return toComponents(json);
}

function zodJsonSchema(schema: z.ZodMiniType, io: 'input' | 'output', refs: boolean) {
  const {
    $schema: _schema,
    $defs = {},
    ...json
  } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema: out }) => {
      const nested = zodSchema as unknown as z.ZodMiniType;
      const name = refs && nested !== schema ? COMPONENTS.get(nested) : undefined;
      if (!name) return;
      for (const key of Object.keys(out)) delete out[key];
      out.$ref = `#/components/schemas/${name}`;
    },
  }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  return { json: json as JsonSchema, defs: $defs };
}

const schemaOrRef = (schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema => {
  const name = COMPONENTS.get(schema);
  return name ? { $ref: `#/components/schemas/${name}` } : jsonSchema(schema, io, true);
};

const isStateChanging = (endpoint: ConsoleEndpoint) => endpoint.method !== 'GET';

const accessWords = (access: ConsoleAccess): string =>
  access === 'public'
    ? 'Public: no session needed.'
    : access === 'session'
      ? 'A signed-in session, with or without a role.'
      : access === 'role'
        ? 'Every console role.'
        : `${access.map((role) => `\`${role}\``).join(' or ')} only.`;

/** Every answer but success: those its access, input and method imply, then its own. */
export function errorCases(endpoint: ConsoleEndpoint): ConsoleErrorCase[] {
  const cases: ConsoleErrorCase[] = [];
  if (endpoint.params || endpoint.query || endpoint.body)
    cases.push({ status: 400, error: 'bad_request', when: 'The input does not match its schema.' });
  if (endpoint.access !== 'public')
    cases.push({ status: 401, error: 'unauthenticated', when: 'No live session.' });
  if (endpoint.access === 'role' || Array.isArray(endpoint.access))
    cases.push({ status: 403, error: 'no_access', when: 'The session has no console role.' });
  if (Array.isArray(endpoint.access))
    cases.push({ status: 403, error: 'forbidden', when: 'Another role.' });
  if (isStateChanging(endpoint))
    cases.push(
      { status: 403, error: 'csrf', when: 'The CSRF rules are not met.' },
      {
        status: 503,
        error: 'database_unavailable',
        when: 'The audit row cannot be written: nothing is done.',
      },
    );
  return [...cases, ...(endpoint.errors ?? [])].sort((a, b) => a.status - b.status);
}

function parameters(endpoint: ConsoleEndpoint): JsonSchema[] {
  const list: JsonSchema[] = [];
  const add = (shape: z.ZodMiniObject | undefined, where: 'path' | 'query') => {
    for (const [name, field] of Object.entries(shape?.shape ?? {})) {
      const schema = field as z.ZodMiniType;
      list.push({
        name,
        in: where,
        required: where === 'path' || !schema.safeParse(undefined).success,
        schema: jsonSchema(schema, 'input', true),
      });
    }
  };
  add(endpoint.params, 'path');
  add(endpoint.query, 'query');
  return list;
}

function successResponse(endpoint: ConsoleEndpoint): [string, JsonSchema] {
  const { response } = endpoint;
  if (response === null) return ['204', { description: 'Done; no body.' }];
  if (isRedirect(response))
    return [
      '303',
      {
        description: response.description,
        headers: {
          Location: { schema: { type: 'string' }, description: 'Where the browser goes.' },
        },
      },
    ];
  if (isStream(response)) {
    const content = Object.fromEntries(
      Object.entries(response.contentTypes).map(([type, { description, schema }]) => [
        type,
        { schema: schema ? schemaOrRef(schema, 'output') : { type: 'string' }, description },
      ]),
    );
    return ['200', { description: 'A stream.', content }];
  }
  return [
    '200',
    {
      description: 'Success.',
      content: { 'application/json': { schema: schemaOrRef(response, 'output') } },
    },
  ];
}

function operation(endpoint: ConsoleEndpoint): JsonSchema {
  const [status, success] = successResponse(endpoint);
  const responses: JsonSchema = { [status]: success };
  for (const error of errorCases(endpoint)) {
    const key = String(error.status);
    const previous = responses[key] as { description: string } | undefined;
    const line = `\`${error.error}\`: ${error.when}`;
    responses[key] = {
      description: previous ? `${previous.description} ${line}` : line,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ConsoleError' } } },
    };
  }
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    'x-access': endpoint.access,
    parameters: parameters(endpoint),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input', true) } },
          },
        }
      : {}),
    responses,
  };
}

export function buildConsoleOpenApiDocument(): JsonSchema {
  hoisted.clear();
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of CONSOLE_ENDPOINTS)
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operation(endpoint);
  const schemas: Record<string, JsonSchema> = Object.fromEntries(
    [...COMPONENTS].map(([schema, name]) => [name, jsonSchema(schema, 'output', true)]),
  );
  for (const [name, def] of [...hoisted].sort(([a], [b]) => (a < b ? -1 : 1)))
    schemas[name] ??= def;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lectern console server API',
      version: '1',
      description:
        "Generated from src/contract/console. The console server's own API under /api; /api/v2/* forwards the Content API (docs/openapi.json) and is described in docs/console-api.md.",
    },
    paths,
    components: { schemas },
  };
}

// The Markdown reference: one section per area, one per endpoint, field tables from the schemas.

interface Row {
  field: string;
  type: string;
  notes: string;
}

const code = (text: string) => `\`${text}\``;

/** The members of a union of objects (a discriminated union is `oneOf`), or undefined. */
function objectVariants(schema: JsonSchema | undefined): JsonSchema[] | undefined {
  const members = schema?.oneOf as JsonSchema[] | undefined;
  return members?.length && members.every((member) => member.type === 'object' && member.properties)
    ? members
    : undefined;
}

/** The property every member of a union fixes to its own constant (`type`), if there is one. */
function discriminatorOf(members: JsonSchema[]): string | undefined {
  const propertiesOf = (member: JsonSchema) =>
    (member.properties ?? {}) as Record<string, JsonSchema>;
  return Object.keys(propertiesOf(members[0]!)).find((key) =>
    members.every((member) => propertiesOf(member)[key]?.const !== undefined),
  );
}

/** A JSON Schema's type in a few words; `null` members become "or null". */
function typeWords(schema: JsonSchema): string {
  const variants = objectVariants(schema);
  if (variants) {
    const key = discriminatorOf(variants);
    if (!key) return `one of ${variants.length} objects`;
    const tags = variants.map((member) =>
      code(String((member.properties as Record<string, JsonSchema>)[key]!.const)),
    );
    return `object, by ${code(key)}: ${tags.join(' or ')}`;
  }
  const oneOf = schema.oneOf as JsonSchema[] | undefined;
  if (oneOf) return oneOf.map(typeWords).join(' or ');
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (anyOf) {
    const others = anyOf.filter((member) => member.type !== 'null');
    const nullable = others.length < anyOf.length;
    return `${others.map(typeWords).join(' or ')}${nullable ? ' or null' : ''}`;
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type as string[];
    const others = types.filter((type) => type !== 'null');
    const words = others.map((type) => typeWords({ ...schema, type })).join(' or ');
    return others.length < types.length ? `${words} or null` : words;
  }
  if (schema.const !== undefined) return code(JSON.stringify(schema.const));
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => code(String(value))).join(', ');
  if (schema.type === 'array') return `list of ${typeWords((schema.items as JsonSchema) ?? {})}`;
  if (schema.type === 'object') {
    if (schema.properties) return 'object';
    const keys = (schema.propertyNames as JsonSchema | undefined)?.enum;
    const values = typeWords((schema.additionalProperties as JsonSchema | undefined) ?? {});
    return Array.isArray(keys)
      ? `object: ${keys.map((key) => code(String(key))).join(', ')} to ${values}`
      : `object: any key to ${values}`;
  }
  if (schema.type === undefined) return 'any JSON';
  if (schema.format === 'date-time') return 'ISO 8601 date-time';
  if (schema.format === 'email') return 'email';
  return String(schema.type);
}

const SAFE = Number.MAX_SAFE_INTEGER;

function limits(schema: JsonSchema): string[] {
  const words: string[] = [];
  const { minLength, maxLength, minimum, maximum } = schema as Record<string, number | undefined>;
  if (minLength !== undefined && minLength > 1) words.push(`at least ${minLength} characters`);
  if (maxLength !== undefined) words.push(`at most ${maxLength} characters`);
  const min = minimum !== undefined && Math.abs(minimum) < SAFE ? minimum : undefined;
  const max = maximum !== undefined && Math.abs(maximum) < SAFE ? maximum : undefined;
  if (min !== undefined && max !== undefined) words.push(`${min} to ${max}`);
  else if (min !== undefined) words.push(`at least ${min}`);
  else if (max !== undefined) words.push(`at most ${max}`);
  if (schema.default !== undefined) words.push(`default ${code(JSON.stringify(schema.default))}`);
  return words;
}

/** Flattens an object schema into rows: `user.email`, `kinds[].state`. */
function rows(schema: JsonSchema, prefix = ''): Row[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).flatMap(([name, property]) => {
    const field = `${prefix}${name}`;
    const notes = [
      ...(required.has(name) ? [] : ['optional']),
      ...limits(property),
      ...(typeof property.description === 'string' ? [property.description] : []),
    ].join('; ');
    const row: Row = { field, type: typeWords(property), notes };
    const items = property.type === 'array' ? (property.items as JsonSchema) : undefined;
    if (property.type === 'object' && property.properties)
      return [row, ...rows(property, `${field}.`)];
    if (items?.type === 'object' && items.properties) return [row, ...rows(items, `${field}[].`)];
    const variants = objectVariants(property);
    if (variants) return [row, ...variantRows(variants, `${field}.`)];
    const itemVariants = objectVariants(items);
    if (itemVariants) return [row, ...variantRows(itemVariants, `${field}[].`)];
    return [row];
  });
}

/**
 * The rows of a union of objects: a field every member has alike is one row; the others say for which
 * value of the discriminator they are (`only when \`type\` is \`group\``).
 */
function variantRows(members: JsonSchema[], prefix: string): Row[] {
  const key = discriminatorOf(members);
  const byField = new Map<string, { tag: string; row: Row }[]>();
  members.forEach((member, index) => {
    const tag = key
      ? String((member.properties as Record<string, JsonSchema>)[key]!.const)
      : `${index + 1}`;
    for (const row of rows(member, prefix))
      byField.set(row.field, [...(byField.get(row.field) ?? []), { tag, row }]);
  });
  const out: Row[] = [];
  for (const [field, list] of byField) {
    if (key && field === `${prefix}${key}`) {
      out.push({
        field,
        type: list.map((entry) => entry.row.type).join(' or '),
        notes: 'Which shape the object has; the rows below say which fields each one takes.',
      });
      continue;
    }
    const first = list[0]!.row;
    const alike =
      list.length === members.length &&
      list.every((entry) => entry.row.type === first.type && entry.row.notes === first.notes);
    if (alike) out.push(first);
    else
      for (const { tag, row } of list) {
        const when = key ? `only when ${code(key)} is ${code(tag)}` : `in shape ${tag}`;
        out.push({ ...row, notes: row.notes ? `${when}; ${row.notes}` : when });
      }
  }
  return out;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function table(list: Row[]): string {
  const lines = ['| Field | Type | Notes |', '| --- | --- | --- |'];
  for (const row of list)
    lines.push(`| ${code(row.field)} | ${cell(row.type)} | ${cell(row.notes)} |`);
  return lines.join('\n');
}

/** Schemas already shown as a table, and under which endpoint: a second answer refers to the first. */
type Shown = Map<z.ZodMiniType, string>;

function shape(
  title: string,
  schema: z.ZodMiniType,
  io: 'input' | 'output',
  shown?: Shown,
): string {
  const first = shown?.get(schema);
  if (first) return `${title}: the same fields as under ${first}.`;
  const json = jsonSchema(schema, io, false);
  const variants = objectVariants(json);
  if (variants) return `${title}: ${typeWords(json)}.\n\n${table(variantRows(variants, ''))}`;
  if (json.type !== 'object') return `${title}: ${typeWords(json)}.`;
  return `${title}:\n\n${table(rows(json))}`;
}

function responseSection(endpoint: ConsoleEndpoint, shown: Shown): string {
  const { response } = endpoint;
  const here = `\`${endpoint.method} ${endpoint.path}\``;
  if (response === null) return '**Answer** `204`, no body.';
  if (isRedirect(response)) return `**Answer** \`303\` to \`Location\`: ${response.description}`;
  if (!isStream(response)) {
    const text = shape('**Answer** `200`', response, 'output', shown);
    if (!shown.has(response)) shown.set(response, here);
    return text;
  }
  return Object.entries(response.contentTypes)
    .map(([type, { description, schema }]) => {
      const head = `**Answer** \`200\`, \`${type}\`: ${description}`;
      if (!schema) return head;
      const text = shape('Its JSON', schema, 'output', shown);
      if (!shown.has(schema)) shown.set(schema, here);
      return `${head}\n\n${text}`;
    })
    .join('\n\n');
}

function endpointSection(endpoint: ConsoleEndpoint, shown: Shown): string {
  const parts = [
    `### \`${endpoint.method} ${endpoint.path}\``,
    `${endpoint.summary} (\`${endpoint.operationId}\`)`,
    [
      `**Who:** ${accessWords(endpoint.access)}`,
      isStateChanging(endpoint)
        ? ' State-changing: the CSRF rules apply, and it is recorded in the audit log before it takes effect.'
        : '',
    ].join(''),
  ];
  if (endpoint.description) parts.push(endpoint.description);
  if (endpoint.params && pathParams(endpoint.path).length > 0)
    parts.push(shape('**Path**', endpoint.params, 'input'));
  if (endpoint.query) parts.push(shape('**Query**', endpoint.query, 'input'));
  if (endpoint.body) parts.push(shape('**Body** (JSON)', endpoint.body, 'input'));
  parts.push(responseSection(endpoint, shown));
  const errors = errorCases(endpoint);
  if (errors.length > 0)
    parts.push(
      [
        '**Errors:**',
        '',
        ...errors.map((error) => `- \`${error.status} ${error.error}\`: ${error.when}`),
      ].join('\n'),
    );
  return parts.join('\n\n');
}

/** The reference part of docs/console-api.md: the error codes, then every endpoint by area. */
export function renderConsoleApiReference(): string {
  const codes = [
    '## Error codes',
    '',
    'Every error the console server gives itself is `{ "error": code, "message": sentence }`:',
    '',
    '| Status | `error` | When |',
    '| --- | --- | --- |',
    ...Object.entries(CONSOLE_ERRORS).map(
      ([name, { statuses, when }]) => `| ${statuses.join(', ')} | \`${name}\` | ${cell(when)} |`,
    ),
  ].join('\n');
  const shown: Shown = new Map();
  const areas = CONSOLE_AREAS.map((area) =>
    [
      `## ${area.title}`,
      ...(area.intro ? [area.intro] : []),
      ...area.endpoints.map((endpoint) => endpointSection(endpoint, shown)),
    ].join('\n\n'),
  );
  return [codes, ...areas].join('\n\n');
}

export const GENERATED_START =
  '<!-- generated by `npm run openapi` from src/contract/console: do not edit below -->';
export const GENERATED_END = '<!-- end of the generated reference -->';

/** docs/console-api.md with its generated part replaced by the current reference. */
export function withGeneratedReference(markdown: string, reference: string): string {
  const start = markdown.indexOf(GENERATED_START);
  const end = markdown.indexOf(GENERATED_END);
  if (start === -1 || end < start)
    throw new Error('docs/console-api.md lost its generated-reference markers');
  return `${markdown.slice(0, start + GENERATED_START.length)}\n\n${reference}\n\n${markdown.slice(end)}`;
}
