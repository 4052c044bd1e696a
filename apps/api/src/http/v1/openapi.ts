import { API_KEY_SCOPES } from "@floow/domain/api-key";
import { v1ErrorSchema } from "@floow/domain/api-v1";
import { createDocument } from "zod-openapi";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { V1_ROUTES } from "./routes";

/** `/floows/:id` → `/floows/{id}`. */
const openApiPath = (path: string) => `/api/v1${path.replace(/:(\w+)/g, "{$1}")}`;

const error = (description: string) => ({
  description,
  content: { "application/json": { schema: v1ErrorSchema } },
});

/**
 * The OpenAPI 3.1 document of `/api/v1`, generated from the route table and the zod schemas
 * of @floow/domain/api-v1 with zod-openapi: the reference page in the dashboard renders this
 * document, so neither can drift from what the server checks and answers.
 */
export function openApiDocument() {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of V1_ROUTES) {
    const operation: ZodOpenApiOperationObject = {
      operationId: route.operationId,
      summary: route.summary,
      description: route.description,
      tags: [route.path.split("/")[1] ?? "api"],
      security: [{ apiKey: [route.scope] }],
      "x-floow-scope": route.scope,
      ...((route.params || route.query) && {
        // The route table types them as any schema; they are z.object()s (V1Route).
        requestParams: {
          ...(route.params && { path: route.params as never }),
          ...(route.query && { query: route.query as never }),
        },
      }),
      ...(route.body && {
        requestBody: { required: true, content: { "application/json": { schema: route.body } } },
      }),
      responses: {
        ...Object.fromEntries(
          Object.entries(route.responses).map(([status, response]) => [
            status,
            {
              description: response.description,
              content: { "application/json": { schema: response.schema } },
            },
          ]),
        ),
        400: error("Bad input: `message` and `fieldErrors` name the field."),
        401: error("No API key, an unknown one, or a revoked one."),
        403: error(`The key lacks the scope ${route.scope}.`),
        ...(route.notFound && { 404: error(route.notFound) }),
        429: {
          ...error("Over the key's rate limit; try again after `Retry-After` seconds."),
          headers: {
            "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } },
          },
        },
      },
    };
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Floow API",
      version: "1.0.0",
      description:
        "Report orders, read floows, export sessions and analytics. Authenticate with an API key from Settings → Organization → API keys as `Authorization: Bearer flw_live_…`. Each key has scopes and its own rate limit.",
    },
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: `An API key (flw_live_…). Scopes: ${API_KEY_SCOPES.join(", ")}.`,
        },
      },
    },
    paths,
  });
}
