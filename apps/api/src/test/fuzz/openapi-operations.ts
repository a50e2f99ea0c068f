import type { JsonSchema } from './json-schema-sample.js';
import type { Operation } from './malformed-requests.js';

interface OpenApiParameter {
  in: string;
  name: string;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/**
 * Every operation of the document the server generates from its route schemas. A POST with a
 * multipart request body, or without a body schema, may read multipart (uploads validate their fields by hand); whether it reads
 * only multipart is not in the document, so the fuzz test learns it by probing.
 */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const of = (place: string) =>
        parameters.filter((p) => p.in === place).map((p) => ({ name: p.name, schema: p.schema ?? {} }));
      operations.push({
        method,
        path,
        pathParams: of('path'),
        queryParams: of('query'),
        jsonBody: operation.requestBody?.content?.['application/json']?.schema ?? null,
        multipartFields: describedFields(operation.requestBody?.content?.['multipart/form-data']?.schema),
        multipart:
          method === 'post' &&
          (!operation.requestBody || Boolean(operation.requestBody.content?.['multipart/form-data'])),
        formOnly: false,
      });
    }
  }
  return operations;
}

/** A multipart body schema that lists its text fields (not only "any object"), or null. */
function describedFields(schema: JsonSchema | undefined): JsonSchema | null {
  return schema?.properties && Object.keys(schema.properties).length > 0 ? schema : null;
}
