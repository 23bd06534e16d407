// Request bodies for the API fuzz test, generated from the contract's JSON Schemas (the OpenAPI document
// built from src/contract) and then made hostile: wrong types at any depth, boundary numbers and lengths,
// nesting around the depth limit and far past it, odd unicode (lone surrogates, NUL, bidi controls),
// prototype keys, duplicate keys, and bodies that are not JSON at all.
//
// Values are built as a small JSON syntax tree and rendered to text by hand: that is the only way to send
// what JSON.stringify cannot produce (duplicate keys, an own `__proto__`, 20,000 levels of nesting).
import fc from 'fast-check';

export type JsonNode =
  /** A literal already in JSON syntax: a number, a quoted string, true, false or null. */
  | { t: 'raw'; text: string }
  | { t: 'arr'; items: JsonNode[] }
  /** Keys may repeat and may be `__proto__`. */
  | { t: 'obj'; entries: [string, JsonNode][] }
  /** `inner` wrapped in `levels` arrays or single-key objects. */
  | { t: 'deep'; levels: number; wrapper: 'array' | 'object'; inner: JsonNode };

export type JsonSchema = Record<string, unknown>;

/** The schemas `$ref`s point into, and ids that exist (so some values reach past "not found"). */
export interface SchemaContext {
  components: Record<string, JsonSchema>;
  ids: readonly string[];
  /** False: only what the schemas allow (to reach the code behind validation); true: mutations too. */
  hostile: boolean;
}

export function render(node: JsonNode): string {
  switch (node.t) {
    case 'raw':
      return node.text;
    case 'arr':
      return `[${node.items.map(render).join(',')}]`;
    case 'obj':
      return `{${node.entries.map(([key, value]) => `${JSON.stringify(key)}:${render(value)}`).join(',')}}`;
    case 'deep': {
      const [open, close] = node.wrapper === 'array' ? ['[', ']'] : ['{"a":', '}'];
      return open.repeat(node.levels) + render(node.inner) + close.repeat(node.levels);
    }
  }
}

const raw = (text: string): JsonNode => ({ t: 'raw', text });
const str = (value: string): JsonNode => raw(JSON.stringify(value));

/** Strings a parser, a validator or a message builder may trip on. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '\u202eevil',
    '\ufeffbom',
    'e\u0301\u0301\u0301',
    '👩‍👩‍👧‍👦',
    '%00',
    '%zz',
    '../..',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '{{7*7}}',
    '${jndi:x}',
    '__proto__',
    'constructor',
    '[object Object]',
    'null',
    'NaN',
    '0x1f',
    '1e309',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer({ min: 1, max: 5 }).map((n) => 'x'.repeat(10 ** n)),
);

/** Numbers at and past every boundary a schema or a database column has. */
const boundaryNumber: fc.Arbitrary<JsonNode> = fc
  .constantFrom(
    '0',
    '-0',
    '-1',
    '1.5',
    '99999999',
    '100000000',
    '2147483647',
    '2147483648',
    '9007199254740991',
    '9007199254740993',
    '-9007199254740993',
    '1e308',
    '1e309',
    '-1e309',
    '1e-400',
    '0.1',
    '123456789012345678901234567890',
  )
  .map(raw);

const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'toJSON',
  'hasOwnProperty',
  'length',
  'then',
];

/** Any JSON value, small: for `additionalProperties: {}` and wrong-type replacements. */
export const anyJson: fc.Arbitrary<JsonNode> = fc.letrec<{ node: JsonNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(raw('null'), raw('true'), raw('false')),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => raw(JSON.stringify(n))),
    fc.integer().map((n) => raw(String(n))),
    oddString.map(str),
    fc.array(tie('node'), { maxLength: 3 }).map((items): JsonNode => ({ t: 'arr', items })),
    fc
      .array(
        fc.tuple(
          fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...PROTOTYPE_KEYS)),
          tie('node'),
        ),
        {
          maxLength: 3,
        },
      )
      .map((entries): JsonNode => ({ t: 'obj', entries })),
  ),
})).node;

/** Objects whose keys are prototype names (with an own `__proto__`), some repeated. */
const prototypeObject: fc.Arbitrary<JsonNode> = fc
  .array(
    fc.tuple(
      fc.constantFrom(...PROTOTYPE_KEYS),
      fc.constantFrom<JsonNode>(
        raw('null'),
        raw('{}'),
        raw('[]'),
        str('x'),
        raw('{"toString":null}'),
        raw('{"polluted":true}'),
      ),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((entries): JsonNode => ({ t: 'obj', entries }));

/** Nesting just under, at and past the contract's depth limit, and far past it. */
const deepValue: fc.Arbitrary<JsonNode> = fc.record({
  t: fc.constant('deep' as const),
  levels: fc.oneof(fc.integer({ min: 55, max: 70 }), fc.constantFrom(200, 5_000, 20_000)),
  wrapper: fc.constantFrom('array' as const, 'object' as const),
  inner: fc.constantFrom(raw('1'), raw('{"toString":null}'), str('x')),
});

/** A value that replaces whatever the schema asked for. */
export const hostileValue: fc.Arbitrary<JsonNode> = fc.oneof(
  { weight: 3, arbitrary: anyJson },
  { weight: 2, arbitrary: oddString.map(str) },
  { weight: 2, arbitrary: boundaryNumber },
  { weight: 2, arbitrary: prototypeObject },
  { weight: 1, arbitrary: deepValue },
);

const MAX_DEPTH = 7;

/** A schema-shaped value, with a chance at every node of something hostile instead. */
export function fromSchema(
  schema: JsonSchema,
  ctx: SchemaContext,
  depth = 0,
): fc.Arbitrary<JsonNode> {
  const shaped = shapedBySchema(schema, ctx, depth);
  if (!ctx.hostile) return shaped;
  return fc.oneof({ weight: 12, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
}

function shapedBySchema(
  schema: JsonSchema,
  ctx: SchemaContext,
  depth: number,
): fc.Arbitrary<JsonNode> {
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const target = ctx.components[ref.split('/').pop()!];
    return target ? shapedBySchema(target, ctx, depth) : anyJson;
  }
  if (Array.isArray(schema.enum))
    return fc
      .constantFrom(...(schema.enum as unknown[]))
      .map((value) => raw(JSON.stringify(value)));
  if ('const' in schema) return fc.constant(raw(JSON.stringify(schema.const)));
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives?.length)
    return fc.oneof(...alternatives.map((alternative) => fromSchema(alternative, ctx, depth)));
  if (Array.isArray(schema.allOf) && schema.allOf.length)
    return shapedBySchema(schema.allOf[0] as JsonSchema, ctx, depth);
  if (Array.isArray(schema.type))
    return fc.oneof(
      ...(schema.type as string[]).map((type) => shapedBySchema({ ...schema, type }, ctx, depth)),
    );
  switch (schema.type) {
    case 'object':
      return objectOf(schema, ctx, depth);
    case 'array': {
      if (depth >= MAX_DEPTH) return fc.constant<JsonNode>({ t: 'arr', items: [] });
      const items = fromSchema((schema.items as JsonSchema) ?? {}, ctx, depth + 1);
      return fc.array(items, { maxLength: 3 }).map((list): JsonNode => ({ t: 'arr', items: list }));
    }
    case 'string':
      return stringOf(schema, ctx);
    case 'integer':
    case 'number':
      return numberOf(schema, ctx);
    case 'boolean':
      return fc.boolean().map((value) => raw(String(value)));
    case 'null':
      return fc.constant(raw('null'));
    default:
      return anyJson;
  }
}

function objectOf(schema: JsonSchema, ctx: SchemaContext, depth: number): fc.Arbitrary<JsonNode> {
  if (depth >= MAX_DEPTH) return fc.constant<JsonNode>({ t: 'obj', entries: [] });
  const properties = Object.entries((schema.properties as Record<string, JsonSchema>) ?? {});
  const required = new Set((schema.required as string[]) ?? []);
  const fields = properties.map(([key, property]) => {
    const value = fromSchema(property, ctx, depth + 1).map((node): [string, JsonNode] => [
      key,
      node,
    ]);
    return required.has(key)
      ? value.map((entry) => [entry])
      : fc.oneof(
          fc.constant([]),
          value.map((entry) => [entry]),
        );
  });
  const extra =
    schema.additionalProperties === false || properties.length > 0
      ? fc.constant([] as [string, JsonNode][])
      : fc.array(fc.tuple(fc.string({ maxLength: 10 }), anyJson), { maxLength: 3 });
  return fc.tuple(fc.tuple(...fields), extra).map(([chosen, more]): JsonNode => ({
    t: 'obj',
    entries: [...(chosen as [string, JsonNode][][]).flat(), ...more],
  }));
}

function stringOf(schema: JsonSchema, ctx: SchemaContext): fc.Arbitrary<JsonNode> {
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = schema.maxLength as number | undefined;
  const plain =
    schema.format === 'uuid'
      ? ctx.ids.length
        ? fc.oneof(fc.uuid(), fc.constantFrom(...ctx.ids))
        : fc.uuid()
      : schema.format === 'date-time'
        ? fc.date({ noInvalidDate: true }).map((date) => date.toISOString())
        : schema.format === 'uri'
          ? fc.webUrl()
          : fc.string({ minLength: min, maxLength: Math.min(max ?? 20, 20) });
  const boundaries = [min, Math.max(0, min - 1), ...(max !== undefined ? [max, max + 1] : [])].map(
    (n) => 'y'.repeat(n),
  );
  return fc
    .oneof(
      { weight: 6, arbitrary: plain },
      { weight: 1, arbitrary: fc.constantFrom(...boundaries) },
    )
    .map(str);
}

function numberOf(schema: JsonSchema, ctx: SchemaContext): fc.Arbitrary<JsonNode> {
  const min =
    (schema.minimum as number | undefined) ??
    (schema.exclusiveMinimum as number | undefined) ??
    -1000;
  const max = (schema.maximum as number | undefined) ?? 1000;
  const integer = fc
    .integer({ min: Math.max(min, -1e6), max: Math.min(max, 1e6) })
    .map((n) => raw(String(n)));
  if (!ctx.hostile) return integer;
  const edges = fc.constantFrom(min, max, min - 1, max + 1).map((n) => raw(String(n)));
  return fc.oneof(
    { weight: 5, arbitrary: integer },
    { weight: 1, arbitrary: edges },
    { weight: 1, arbitrary: boundaryNumber },
  );
}

/** Whole bodies: the schema's, or something else entirely (not JSON, empty, a BOM, a bare literal). */
export function bodyText(schema: JsonSchema | undefined, ctx: SchemaContext): fc.Arbitrary<string> {
  const shaped = schema ? fromSchema(schema, ctx).map(render) : anyJson.map(render);
  if (!ctx.hostile) return shaped;
  return fc.oneof(
    { weight: 10, arbitrary: shaped },
    { weight: 1, arbitrary: hostileValue.map(render) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        ' ',
        'null',
        '[]',
        '"text"',
        '{',
        '{"a":}',
        "{'a':1}",
        '{"a":1,}',
        '{"a":1} trailing',
        '/* comment */ {}',
        '\ufeff{}',
        '{"a":"\\ud800"}',
        '{"a":1,"a":2}',
        'a=1&b=2',
        '<xml/>',
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  );
}
