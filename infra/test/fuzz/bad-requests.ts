// Requests to one endpoint of the public API, generated from its contract (PUBLIC_API): its params,
// query, headers and body each either plausible or broken, sent by the right caller or the wrong
// one, over JSON, broken JSON, the wrong content type, a bad encoding or a body over 1 MB.
import type { Endpoint } from '@bazar/contracts';
import fc from 'fast-check';
import { z } from 'zod';
import {
  headerText,
  hugeText,
  longSegment,
  malformedEmail,
  malformedId,
  nobodyEmail,
  nobodyId,
  queryOperator,
  rawSegment,
  strangeText,
  wellFormed,
  wrongType,
} from './values.ts';

export type Caller = 'visitor' | 'shopper' | 'admin' | 'forged';

/** A path parameter: text (sent percent-encoded), raw text (sent as it is), or the caller's own email. */
export type Param = { text: string } | { raw: string } | { own: true };

export type Body =
  | { kind: 'none' }
  /** JSON.stringify(value); `compressed` says whether the Content-Encoding is honest */
  | { kind: 'json'; value: unknown; contentType: string; encoding?: { name: string; compressed: boolean } }
  | { kind: 'text'; text: string; contentType?: string }
  /** an otherwise plausible JSON body padded past 1 MB */
  | { kind: 'oversize'; bytes: number }
  /** arrays nested `depth` deep, alone or as one field's value */
  | { kind: 'deep'; depth: number; field?: string }
  | { kind: 'form'; field: string; bytes: Uint8Array; type: string; name: string };

export interface BadRequest {
  /** "PUT /users/{email}", the endpoint's key in PUBLIC_API */
  endpoint: string;
  caller: Caller;
  forgedToken?: string;
  params: Record<string, Param>;
  query: string;
  headers: Record<string, string>;
  body: Body;
  /** X-Forwarded-For, the address the gateway counts the request against; none for some */
  from?: string;
}

export const endpointKey = (endpoint: Endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`;

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  maxItems?: number;
};
export const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
const OBJECT_ID_PATTERN = '^[0-9a-fA-F]{24}$';

/** A value of the right type, roughly within bounds; the contract decides later whether it passes. */
function plausible(property: JsonSchema): fc.Arbitrary<unknown> {
  if (property.anyOf) return fc.oneof(...property.anyOf.map(plausible));
  if (property.const !== undefined) return fc.constant(property.const);
  switch (property.type) {
    case 'string': {
      if (property.pattern === OBJECT_ID_PATTERN) return nobodyId();
      if (property.format === 'uri') return fc.webUrl();
      if (property.format === 'email') return fc.oneof(nobodyEmail(), fc.emailAddress());
      if (property.pattern) return fc.stringMatching(new RegExp(property.pattern));
      const maxLength = Math.min(property.maxLength ?? 40, 60);
      return fc.oneof(
        fc.string({ minLength: Math.min(property.minLength ?? 0, maxLength), maxLength }),
        nobodyEmail(),
        fc.constantFrom('/media/rice.webp', '01712345678', '+8801812345678', 'Rahima Begum'),
      );
    }
    case 'integer':
      return fc.integer({ min: property.minimum ?? -1_000, max: property.maximum ?? 1_000 });
    case 'number':
      return fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.double({ noNaN: true, min: 0, max: 10_000 }));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(property.items ? plausible(property.items) : fc.jsonValue({ maxDepth: 2 }), {
        maxLength: Math.min(property.maxItems ?? 5, 5),
      });
    case 'object':
      return objectLike(property);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** One field's value: mostly plausible, otherwise any kind of wrong. */
const fieldValue = (property: JsonSchema) =>
  fc.oneof(
    { weight: 4, arbitrary: plausible(property) },
    { weight: 1, arbitrary: wrongType() },
    { weight: 1, arbitrary: strangeText() },
    { weight: 1, arbitrary: hugeText() },
    { weight: 1, arbitrary: queryOperator() },
  );

/** Keys a client has no business sending: prototype pollution, the database's own fields,
 *  privileges, copies of what the server computes. */
const extraKey = () =>
  fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', '_id', 'role', '$set', '$where', 'admin', 'owner', 'deletedAt', 'pricePaisa'),
    fc.string({ maxLength: 12 }),
  );

/** The schema's fields, any of them missing, each plausible or not, and perhaps extra ones. */
function objectLike(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, fieldValue(property)]));
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.dictionary(extraKey(), wrongType(), { maxKeys: 3 }) }),
    )
    .map(([known, extra]) => {
      // defineProperty keeps `__proto__` an own key; an extra key that happens to be a field's name
      // (a random string can be `name`) is replaced by the field, so the property stays redefinable
      const body: Record<string, unknown> = {};
      for (const [key, value] of [...Object.entries(extra), ...Object.entries(known)])
        Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true });
      return body;
    });
}

const JSON_TYPE = 'application/json';
const contentTypes = () =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(JSON_TYPE) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'application/json; charset=utf-8',
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        'APPLICATION/JSON',
        'application/vnd.api+json',
        'text/plain',
        'text/html',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=xyz',
        'multipart/form-data',
        'application/xml',
        'image/png',
        '*/*',
        'json',
        '',
      ),
    },
  );

/** Not JSON at all, or not quite. */
const brokenJson = () =>
  fc.oneof(
    fc.constantFrom(
      '{',
      '{"a":',
      "{'a':1}",
      '{"a":1,}',
      '{a:1}',
      'NaN',
      '[1,2',
      '{"a":"\\x"}',
      '{"a":1}}',
      '\u0000',
      'nul',
      '{"a":01}',
      '<xml/>',
    ),
    fc.string({ maxLength: 30 }).filter((text) => !isJson(text)),
  );
const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

function jsonBodies(schema: JsonSchema | undefined): fc.Arbitrary<Body> {
  const shaped = schema ? objectLike(schema) : fc.object({ maxDepth: 1, maxKeys: 4 });
  const encoding = fc.option(
    fc.record({ name: fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'bogus', 'gzip, gzip'), compressed: fc.boolean() }),
    { freq: 8, nil: undefined },
  );
  return fc.oneof(
    {
      weight: 12,
      arbitrary: fc
        .record({ value: shaped, contentType: contentTypes(), encoding })
        .map(({ value, contentType, encoding }) => ({ kind: 'json' as const, value, contentType, ...(encoding && { encoding }) })),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(wrongType(), strangeText(), hugeText(), fc.array(shaped, { maxLength: 2 }))
        .map((value) => ({ kind: 'json' as const, value, contentType: JSON_TYPE })),
    },
    { weight: 2, arbitrary: brokenJson().map((text) => ({ kind: 'text' as const, text, contentType: JSON_TYPE })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(shaped, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', undefined))
        .map(([value, contentType]) => ({
          kind: 'text' as const,
          text: contentType === 'application/x-www-form-urlencoded' ? formEncoded(value) : JSON.stringify(value),
          ...(contentType && { contentType }),
        })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('deep' as const),
        depth: fc.integer({ min: 100, max: 45_000 }),
        field: fc.option(fc.constantFrom(...Object.keys(schema?.properties ?? { items: {} })), { nil: undefined }),
      }),
    },
    { weight: 1, arbitrary: uploadForms() },
    { weight: 1, arbitrary: fc.integer({ min: 1_048_577, max: 1_400_000 }).map((bytes) => ({ kind: 'oversize' as const, bytes })) },
  );
}

const formEncoded = (value: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(value).map(([key, v]) => [key, typeof v === 'string' ? v : JSON.stringify(v)])).toString();

/** Multipart forms that carry no acceptable image: other fields, other bytes, no file at all. */
export function uploadForms(): fc.Arbitrary<Body> {
  return fc.record({
    kind: fc.constant('form' as const),
    field: fc.oneof(
      { weight: 3, arbitrary: fc.constant('image') },
      { weight: 1, arbitrary: fc.constantFrom('photo', 'image[]', '', 'IMAGE') },
    ),
    bytes: fc.oneof(
      fc.uint8Array({ maxLength: 512 }),
      // the magic numbers of JPEG, PNG, WebP, GIF followed by noise
      fc
        .tuple(
          fc.constantFrom(
            [0xff, 0xd8, 0xff],
            [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
            [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
            [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
          ),
          fc.uint8Array({ maxLength: 512 }),
        )
        .map(([magic, noise]) => new Uint8Array([...magic, ...noise])),
    ),
    type: fc.constantFrom('image/png', 'image/jpeg', 'text/html', 'application/octet-stream', 'image/svg+xml'),
    name: fc.oneof(fc.constantFrom('a.png', 'a.jpg', '../../a.png', 'a.html', '', 'a\u0000.png'), strangeText()),
  });
}

/** A value for one path parameter: its own kind of malformed, well-formed but naming nobody, raw
 *  broken escapes, or (for emails) the caller's own address. */
function paramValue(name: string, property: JsonSchema): fc.Arbitrary<Param> {
  const isId = property.pattern === OBJECT_ID_PATTERN;
  const text = (arbitrary: fc.Arbitrary<unknown>) => arbitrary.map((value) => ({ text: String(value) }));
  return fc.oneof(
    { weight: 4, arbitrary: text(isId ? malformedId() : malformedEmail()) },
    { weight: 2, arbitrary: text(isId ? nobodyId() : nobodyEmail()) },
    {
      weight: 1,
      arbitrary: text(
        fc.oneof(
          strangeText(),
          longSegment(),
          queryOperator().map((op) => JSON.stringify(op)),
        ),
      ),
    },
    { weight: 1, arbitrary: rawSegment().map((raw) => ({ raw })) },
    ...(name === 'email' ? [{ weight: 3, arbitrary: fc.constant({ own: true as const }) }] : []),
  );
}

/** The query string: what the contract allows, operators in brackets, repeats, broken escapes. */
function queryString(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const names = Object.keys(schema?.properties ?? {});
  const key = fc.oneof(
    ...(names.length > 0 ? [fc.constantFrom(...names), fc.constantFrom(...names).map((n) => `${n}[$gt]`)] : []),
    fc.constantFrom('search[$regex]', '__proto__[admin]', 'constructor[prototype][x]', '$where', 'role'),
    fc.string({ maxLength: 10 }),
  );
  const value = fc.oneof(fc.string({ maxLength: 20 }), strangeText(), fc.constantFrom('.*', '(a+)+$', '\\', '[', ''), longSegment());
  const pairs = fc
    .array(fc.tuple(key, value), { maxLength: 3 })
    .map((list) => list.map(([k, v]) => `${encodeURIComponent(wellFormed(k))}=${encodeURIComponent(wellFormed(String(v)))}`).join('&'));
  return fc.oneof(
    { weight: 3, arbitrary: pairs },
    { weight: 1, arbitrary: fc.constantFrom('search=%zz', 'search=%FF%FE', 'search', '&&&', '%', 'search=a&search=b', 'search[]=a', '=x') },
  );
}

/** Headers a client should not be able to use: someone else's identity, tracing and request ids
 *  of any shape, method overrides, and for endpoints with header contracts, values of any shape. */
function extraHeaders(schema: JsonSchema | undefined): fc.Arbitrary<Record<string, string>> {
  const contracted = Object.entries(schema?.properties ?? {}).map(([name, property]) =>
    fc.tuple(fc.constant(name), fc.oneof(plausible(property).map(String), headerText(300))),
  );
  const hostile = fc.oneof(
    fc.constantFrom<[string, string]>(
      ['x-user-id', 'someone-else'],
      ['x-user-email', 'admin@bazar.test'],
      ['x-user-role', 'admin'],
      ['x-user-realm-roles', 'admin'],
      ['x-user-name', '%E0%A4%A'],
      ['x-http-method-override', 'DELETE'],
      ['accept', 'text/html'],
      ['accept-encoding', 'gzip, br'],
      ['cookie', 'session=../../etc'],
    ),
    fc.tuple(fc.constantFrom('x-request-id', 'traceparent', 'accept', 'origin', 'referer', 'x-forwarded-host'), headerText()),
  );
  return fc.array(fc.oneof(hostile, ...contracted), { maxLength: 3 }).map((entries) => Object.fromEntries(entries));
}

/** Who sends it: mostly the caller the endpoint is for, so that validation is what answers. */
function callers(endpoint: Endpoint): fc.Arbitrary<Caller> {
  const right: Caller = endpoint.access === 'public' ? 'visitor' : endpoint.access === 'admin' ? 'admin' : 'shopper';
  // the admin calls only admin endpoints here: their cart is not the fuzz's to order from
  const wrong = (['visitor', 'forged', 'shopper'] as const).filter((caller) => caller !== right);
  return fc.oneof({ weight: 8, arbitrary: fc.constant(right) }, { weight: 1, arbitrary: fc.constantFrom(...wrong) });
}

/** Tokens that are no sign-in: garbage, the wrong scheme, a JWT nobody signed. */
const forgedTokens = () =>
  fc.oneof(
    fc.constantFrom(
      'Bearer ',
      'Bearer abc',
      'Bearer a.b.c',
      'Basic YWRtaW46YWRtaW4=',
      'bearer x.y.z',
      `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x","email":"admin@bazar.test"}').toString('base64url')}.`,
    ),
    headerText(400).map((text) => `Bearer ${text}`),
  );

/** Addresses of the benchmark range 198.18.0.0/15, so the per-address limits never answer for
 *  validation; one request in twenty comes with none (the gateway then counts the socket's). */
const addresses = () =>
  fc.option(
    fc.tuple(fc.integer({ min: 18, max: 19 }), fc.nat(255), fc.integer({ min: 1, max: 254 })).map(([b, c, d]) => `198.${b}.${c}.${d}`),
    { freq: 20, nil: undefined },
  );

/** Requests to one endpoint; whether each one must be refused is `refusalReasons`' call. */
export function badRequests(endpoint: Endpoint): fc.Arbitrary<BadRequest> {
  const paramsSchema = endpoint.params && jsonSchemaOf(endpoint.params);
  const params = fc.record(
    Object.fromEntries(Object.entries(paramsSchema?.properties ?? {}).map(([name, property]) => [name, paramValue(name, property)])),
  ) as fc.Arbitrary<Record<string, Param>>;
  const body: fc.Arbitrary<Body> = endpoint.upload
    ? fc.oneof({ weight: 3, arbitrary: uploadForms() }, { weight: 1, arbitrary: jsonBodies(undefined) })
    : endpoint.method === 'get' || endpoint.method === 'delete'
      ? fc.oneof({ weight: 6, arbitrary: fc.constant({ kind: 'none' as const }) }, { weight: 1, arbitrary: jsonBodies(undefined) })
      : jsonBodies(endpoint.body && jsonSchemaOf(endpoint.body));
  return fc
    .record({
      caller: callers(endpoint),
      forgedToken: forgedTokens(),
      params,
      query: fc.oneof(
        { weight: 3, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: queryString(endpoint.query && jsonSchemaOf(endpoint.query)) },
      ),
      headers: extraHeaders(endpoint.headers && jsonSchemaOf(endpoint.headers)),
      body,
      from: addresses(),
    })
    .map(({ caller, forgedToken, ...rest }) => ({
      endpoint: endpointKey(endpoint),
      caller,
      ...(caller === 'forged' && { forgedToken }),
      ...rest,
    }));
}
