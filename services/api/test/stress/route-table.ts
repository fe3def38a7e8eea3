import request from 'supertest';
import type { TestApp } from '../test-app';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  type?: string;
}

export interface BodyField {
  name: string;
  /** OpenAPI types of the field ('number', 'string', ...); empty when the schema does not say. */
  types: string[];
  enumValues?: string[];
}

export interface Route {
  method: HttpMethod;
  /** OpenAPI form, e.g. /api/admin/withdrawals/{id}/approve */
  path: string;
  parameters: RouteParameter[];
  /** Fields of the JSON body, when the route takes one. */
  body?: BodyField[];
}

interface OpenApiSchema {
  $ref?: string;
  type?: string;
  enum?: string[];
  oneOf?: OpenApiSchema[];
  properties?: Record<string, OpenApiSchema>;
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; schema?: { type?: string } }[];
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, OpenApiSchema> };
}

const METHODS: HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * The app's own route table, read from its OpenAPI document (generated from the controllers'
 * decorators), so a route added later is fuzzed and access-checked without touching these tests.
 */
export async function loadRouteTable(app: TestApp): Promise<Route[]> {
  const response = await request(app.server).get('/api/docs-json').expect(200);
  const document = response.body as OpenApiDocument;
  const schemas = document.components?.schemas ?? {};
  const resolve = (schema: OpenApiSchema | undefined): OpenApiSchema | undefined =>
    schema?.$ref ? schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      const bodySchema = resolve(operation.requestBody?.content?.['application/json']?.schema);
      routes.push({
        method,
        path,
        parameters: (operation.parameters ?? [])
          .filter((p) => p.in === 'path' || p.in === 'query' || p.in === 'header')
          .map((p) => ({ name: p.name, in: p.in as RouteParameter['in'], type: p.schema?.type })),
        body: bodySchema
          ? Object.entries(bodySchema.properties ?? {}).map(([name, field]) => ({
              name,
              types: field.oneOf ? field.oneOf.map((f) => f.type ?? '') : field.type ? [field.type] : [],
              enumValues: field.enum,
            }))
          : // a body that is a file (a bank statement upload, not JSON): it takes a body, with no JSON fields
            operation.requestBody
            ? []
            : undefined,
      });
    }
  }
  return routes;
}

export function routeKey(route: Pick<Route, 'method' | 'path'>): string {
  return `${route.method.toUpperCase()} ${route.path}`;
}

/** Replaces each {param} of an OpenAPI path with the (already URL-safe) value given. */
export function fillPath(path: string, values: (name: string) => string): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => values(name));
}

export function isStateChanging(method: HttpMethod): boolean {
  return method !== 'get';
}
