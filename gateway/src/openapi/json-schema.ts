import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/** zod leaves the protocols a URL may have out of its JSON Schema: they open a pattern instead. */
function urlProtocols({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodTypes; jsonSchema: z.core.JSONSchema.BaseSchema }): void {
  if (!(zodSchema instanceof z.core.$ZodURL) || !zodSchema._zod.def.protocol) return;
  jsonSchema.pattern = `^(?:${zodSchema._zod.def.protocol.source.replace(/^\^|\$$/g, '')}):`;
}

/** A contract schema as JSON Schema: what a request may send (`input`, so a value a transform
 *  tidies is described as it is sent) or what an answer holds (`output`). */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // `$schema` is implied by OpenAPI 3.1
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', override: urlProtocols }) as JsonSchema;
  return rest;
}
