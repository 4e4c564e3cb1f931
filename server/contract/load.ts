/**
 * Loads the API contract: every schemas/api/*.json OpenAPI 3.1 document merged into one (paths and component
 * schemas). Two domains declaring the same path+method or the same component name is an error.
 */
import fs from 'node:fs';
import path from 'node:path';

export type OpenApiOperation = {
  operationId: string;
  summary?: string;
  parameters?: { name: string; in: 'query' | 'path' | 'header'; required?: boolean; schema: object }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> } & object>;
  'x-rate-limit'?: { max: number; timeWindow: string };
  /** The largest request body the operation accepts, in bytes (default: CONTRACT_BODY_LIMIT in register.ts). */
  'x-body-limit'?: number;
  /**
   * An organiser call: it acts for the organisation owning what it names, and only that organisation's staff whose
   * role allows it may make it (server/organisations/; every marked operation is tried by staff of another
   * organisation in server/security/organisations.test.ts).
   */
  'x-organiser'?: boolean;
};

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Partial<Record<'get' | 'post', OpenApiOperation>>>;
  components: { schemas: Record<string, object> };
};

export function loadContract(dir: string): OpenApiDocument {
  const merged: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: 'livev3 API', version: '1.0.0' },
    paths: {},
    components: { schemas: {} },
  };
  for (const file of fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const document = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as OpenApiDocument;
    for (const [route, operations] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(operations)) {
        if (merged.paths[route]?.[method as 'get'])
          throw new Error(`${file}: ${method.toUpperCase()} ${route} is declared twice`);
        merged.paths[route] = { ...merged.paths[route], [method]: operation };
      }
    }
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
      if (merged.components.schemas[name])
        throw new Error(`${file}: component schema ${name} is declared twice`);
      merged.components.schemas[name] = schema;
    }
  }
  return merged;
}
