import { ErrorAnswer, PUBLIC_API, type Endpoint, type FileUpload, type ServiceName } from '@bazar/contracts';
import type { z } from 'zod';
import { jsonSchema, type JsonSchema } from './json-schema';

const content = (schema: JsonSchema) => ({ 'application/json': { schema } });
const errorAnswer = (description: string) => ({ description, content: content(jsonSchema(ErrorAnswer, 'output')) });

function parameters(endpoint: Endpoint) {
  const from = (schema: z.ZodType | undefined, where: 'path' | 'query' | 'header') => {
    if (!schema) return [];
    const { properties = {}, required = [] } = jsonSchema(schema, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    return Object.entries(properties).map(([name, property]) => ({
      name,
      in: where,
      required: where === 'path' || required.includes(name),
      schema: property,
    }));
  };
  return [...from(endpoint.params, 'path'), ...from(endpoint.query, 'query'), ...from(endpoint.headers, 'header')];
}

const jsonBody = (body: z.ZodType) => ({
  // the services read a request without a body as `{}`
  required: !body.safeParse({}).success,
  content: content(jsonSchema(body, 'input')),
});

function uploadBody({ field, mediaTypes, maxBytes }: FileUpload) {
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: [field],
          properties: {
            [field]: {
              type: 'string',
              contentMediaType: 'application/octet-stream',
              description: `One file of at most ${maxBytes / (1024 * 1024)} MB: ${mediaTypes.join(', ')}, known by its bytes (not by its name or Content-Type)`,
            },
          },
        },
        encoding: { [field]: { contentType: mediaTypes.join(', ') } },
      },
    },
  };
}

/** The endpoints are grouped by the service that owns them, as the documentation page lists them. */
const SERVICES: Record<ServiceName, string> = {
  catalog: 'The catalog service: products, offers and stock, wishlists, product reviews, the store settings',
  cart: "The cart service: the shopper's cart",
  order: "The order service: orders from placing to delivery, delivery slots, receipts, reviews of what was delivered, the admin's figures",
  user: 'The user service: accounts and roles, profiles, delivery addresses, reviews of the store',
  media: 'The media service: picture uploads',
};

function operation(endpoint: Endpoint) {
  const validated = endpoint.params ?? endpoint.query ?? endpoint.headers ?? endpoint.body ?? endpoint.upload;
  return {
    summary: endpoint.summary,
    tags: [endpoint.service],
    ...(endpoint.access !== 'public' && { security: [{ keycloak: [] }] }),
    parameters: parameters(endpoint),
    ...(endpoint.body && { requestBody: jsonBody(endpoint.body) }),
    ...(endpoint.upload && { requestBody: uploadBody(endpoint.upload) }),
    // the answers every endpoint of its kind may give, then its own, which say more where both have one
    responses: {
      ...(validated && { 400: errorAnswer('The request is malformed') }),
      ...(endpoint.access !== 'public' && { 401: errorAnswer('No valid sign-in'), 403: errorAnswer('Not allowed for this user') }),
      ...(endpoint.params && { 404: errorAnswer('Nothing has that id or email') }),
      // a JSON body over the services' limit is refused before it is read (the kit's error handler)
      ...(endpoint.body && { 413: errorAnswer('The request body is too large') }),
      429: errorAnswer('Too many requests; see Retry-After'),
      ...Object.fromEntries(
        Object.entries(endpoint.answers).map(([status, { description, schema, mediaType }]) => [
          status,
          {
            description,
            // a file (a receipt's PDF): its bytes, not JSON
            content: mediaType
              ? { [mediaType]: { schema: { type: 'string', contentMediaType: mediaType } } }
              : content(jsonSchema(schema, 'output')),
          },
        ]),
      ),
    },
  };
}

/** The OpenAPI 3.1 document of the public API, generated from its declaration in the contracts. */
export function openApiDocument(issuer: string, api: readonly Endpoint[] = PUBLIC_API) {
  const oidc = `${issuer}/protocol/openid-connect`;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of api) (paths[endpoint.path] ??= {})[endpoint.method] = operation(endpoint);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bazar API',
      version: '1.0.0',
      description: 'The public API of Bazar, an online grocery store for Bangladesh. Amounts are in taka.',
    },
    servers: [{ url: '/api' }],
    tags: Object.entries(SERVICES).map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: {
        keycloak: {
          type: 'oauth2',
          description: 'A Keycloak access token of the bazar realm, as a bearer token',
          flows: { authorizationCode: { authorizationUrl: `${oidc}/auth`, tokenUrl: `${oidc}/token`, scopes: {} } },
        },
      },
    },
    paths,
  };
}
