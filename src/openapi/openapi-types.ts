/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it) in plain JSON. */
export type JsonSchema = { [key: string]: unknown };

/** A `$ref` to a component. */
export interface Ref {
  $ref: string;
}

export interface ParameterObject {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  description: string;
  deprecated?: boolean;
  schema: JsonSchema;
}

export interface HeaderObject {
  description: string;
  schema: JsonSchema;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject | Ref>;
  content?: Record<string, { schema: JsonSchema }>;
}

export interface OperationObject {
  tags: string[];
  summary: string;
  description?: string;
  operationId: string;
  parameters?: ParameterObject[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, ResponseObject | Ref>;
}

export type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';

export type PathItem = { servers?: { url: string; description?: string }[] } & Partial<Record<Method, OperationObject>>;

/** The OpenAPI 3.1 document `buildOpenApi` writes: the subset of the format it uses. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string; license: { name: string; identifier: string } };
  servers: { url: string; description?: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, ResponseObject>;
    headers: Record<string, HeaderObject>;
  };
}
