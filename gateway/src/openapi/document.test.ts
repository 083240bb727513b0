import { PUBLIC_API } from '@bazar/contracts';
import { openApiDocument } from './document';

const doc = openApiDocument('http://localhost:8080/auth/realms/bazar');

it('describes every endpoint of the public API from the contracts', () => {
  expect(doc.openapi).toBe('3.1.0');
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
  expect(operations.sort()).toEqual(PUBLIC_API.map((e) => `${e.method} ${e.path}`).sort());
});

it('carries the contract’s rules into the schemas', () => {
  const profile = doc.paths['/profiledata/{email}']!.put as {
    requestBody: {
      content: { 'application/json': { schema: { required: string[]; properties: Record<string, { maxLength?: number }> } } };
    };
    security?: unknown;
  };
  const schema = profile.requestBody.content['application/json'].schema;
  expect(schema.required).toEqual(['phone', 'address', 'img']);
  expect(schema.properties.address?.maxLength).toBe(300);
  expect(profile.security).toEqual([{ keycloak: [] }]);
  expect((doc.paths['/products']!.get as { security?: unknown }).security).toBeUndefined();
});
