import {
  Badge,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Spinner,
} from "@floow/ui";
import { useQuery } from "@tanstack/react-query";
import { Fragment } from "react";
import { CodeSnippet } from "../domains/code-snippet";

/** The parts of an OpenAPI 3.1 document this page reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  description?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: JsonSchema }> }
  >;
  "x-floow-scope"?: string;
}
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export const OPENAPI_URL = "/api/v1/openapi.json";

/** The document the server generates from its zod schemas (apps/api/src/http/v1/openapi.ts). */
export async function fetchOpenApi(): Promise<OpenApiDocument> {
  const response = await fetch(OPENAPI_URL);
  if (!response.ok) throw new Error(`GET ${OPENAPI_URL}: ${response.status}`);
  return (await response.json()) as OpenApiDocument;
}

/** A description with its `code` spans (the document's descriptions are CommonMark). */
function Prose({ text }: { text: string | undefined }) {
  if (!text) return null;
  return text.split("`").map((part, index) =>
    index % 2 === 1 ? (
      <code key={index} className="font-mono text-[0.9em] text-grey-900">
        {part}
      </code>
    ) : (
      part
    ),
  );
}

/** A schema's component when it is a `$ref`. */
function resolve(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const name = schema.$ref?.replace("#/components/schemas/", "");
  return (name && document.components?.schemas?.[name]) || schema;
}

/** A short type: `string`, `integer | null`, `array of Session`, `"EUR" | …`. */
export function typeLabel(document: OpenApiDocument, schema: JsonSchema | undefined): string {
  if (!schema) return "";
  if (schema.$ref) return schema.$ref.replace("#/components/schemas/", "");
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.map((s) => typeLabel(document, s)).join(" | ");
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  const types = [schema.type ?? "object"].flat();
  return types
    .map((type) =>
      type === "array"
        ? `array of ${typeLabel(document, schema.items)}`
        : type === "string" && schema.format
          ? `string (${schema.format})`
          : type,
    )
    .join(" | ");
}

/**
 * The object a field holds, to list its fields under it: the field's own object, its `$ref`'s,
 * an array's items', or the one object of a nullable (`X | null`). None for scalars and maps.
 */
function nestedObject(
  document: OpenApiDocument,
  schema: JsonSchema,
): { object: JsonSchema; component?: string } | null {
  const alternatives = (schema.anyOf ?? schema.oneOf)?.filter((s) => s.type !== "null");
  if (alternatives?.length === 1) return nestedObject(document, alternatives[0]!);
  if (schema.items) return nestedObject(document, schema.items);
  const object = resolve(document, schema);
  if (Object.keys(object.properties ?? {}).length === 0) return null;
  return { object, component: schema.$ref?.replace("#/components/schemas/", "") };
}

/** Nesting shown under a field (Summary → current → totals → revenue): deep enough for every answer. */
const NESTED_LEVELS = 3;

function Fields({
  document,
  schema,
  level = 0,
  shown = new Set<string>(),
}: {
  document: OpenApiDocument;
  schema: JsonSchema;
  level?: number;
  /** Components whose fields this answer lists already: a second use names it only. */
  shown?: Set<string>;
}) {
  const object = resolve(document, schema);
  const properties = Object.entries(object.properties ?? {});
  if (properties.length === 0)
    return <p className="font-mono text-xs text-grey-700">{typeLabel(document, schema)}</p>;
  const table = (
    <table className="w-full text-left text-sm">
      <tbody className="divide-y divide-grey-100">
        {properties.map(([name, property]) => {
          const found = level < NESTED_LEVELS ? nestedObject(document, property) : null;
          const nested = found?.component && shown.has(found.component) ? null : found?.object;
          if (found?.component) shown.add(found.component);
          return (
            <Fragment key={name}>
              <tr>
                <td className="py-1.5 pr-3 align-top font-mono text-xs whitespace-nowrap text-grey-900">
                  {name}
                  {object.required?.includes(name) ? (
                    <span className="text-red-600"> *</span>
                  ) : null}
                </td>
                <td className="py-1.5 pr-3 align-top font-mono text-xs text-grey-600">
                  {typeLabel(document, property)}
                </td>
                <td className="py-1.5 align-top text-xs text-grey-700">
                  <Prose text={property.description ?? found?.object.description} />
                </td>
              </tr>
              {nested ? (
                <tr>
                  <td colSpan={3} className="pb-2 pl-4">
                    <div
                      aria-label={`Fields of ${name}`}
                      role="group"
                      className="border-l-2 border-grey-100 pl-3"
                    >
                      <Fields document={document} schema={nested} level={level + 1} shown={shown} />
                    </div>
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
  // The top level scrolls inside its own box on a phone (three levels of nested fields are
  // wider than 390 px), never the page; a keyboard reaches it (tabIndex) to scroll it.
  if (level > 0) return table;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Fields">
      {table}
    </div>
  );
}

/**
 * A body or answer: its fields, or, when it has several forms (`anyOf`/`oneOf`: a single order
 * or a batch of them), each form by name with its fields.
 */
function Body({ document, schema }: { document: OpenApiDocument; schema: JsonSchema }) {
  const forms = (schema.anyOf ?? schema.oneOf)?.filter((s) => s.type !== "null");
  if (!forms || forms.length < 2) return <Fields document={document} schema={schema} />;
  return (
    <div className="flex flex-col gap-2">
      {forms.map((form, index) => {
        const name = typeLabel(document, form);
        return (
          <div key={`${index}:${name}`} role="group" aria-label={`Form ${name}`}>
            <p className="mb-1 text-xs text-grey-600">
              {index === 0 ? "Either" : "or"} <code className="font-mono">{name}</code>
              {form.description || resolve(document, form).description ? ": " : ""}
              <Prose text={form.description ?? resolve(document, form).description} />
            </p>
            <Fields document={document} schema={form} />
          </div>
        );
      })}
    </div>
  );
}

function Endpoint({
  document,
  method,
  path,
  operation,
}: {
  document: OpenApiDocument;
  method: string;
  path: string;
  operation: Operation;
}) {
  const body = operation.requestBody?.content["application/json"]?.schema;
  const success = Object.entries(operation.responses).filter(([status]) => status.startsWith("2"));
  const errors = Object.entries(operation.responses).filter(([status]) => !status.startsWith("2"));
  return (
    <article
      aria-label={`${method.toUpperCase()} ${path}`}
      id={operation.operationId}
      className="flex flex-col gap-3 rounded-xl border border-grey-200 p-4"
    >
      <header className="flex flex-wrap items-center gap-2">
        <Badge variant={method === "get" ? "neutral" : "success"}>{method.toUpperCase()}</Badge>
        <code className="font-mono text-sm font-semibold text-grey-900">{path}</code>
        {operation["x-floow-scope"] ? (
          <span className="ml-auto font-mono text-xs text-grey-500">
            scope {operation["x-floow-scope"]}
          </span>
        ) : null}
      </header>
      <div>
        <h3 className="font-semibold text-grey-900">{operation.summary}</h3>
        <p className="text-sm text-grey-700">
          <Prose text={operation.description} />
        </p>
      </div>
      {operation.parameters?.length ? (
        <section aria-label="Parameters">
          <h4 className="mb-1 text-xs font-medium text-grey-500 uppercase">Parameters</h4>
          <table className="w-full text-left text-sm">
            <tbody className="divide-y divide-grey-100">
              {operation.parameters.map((parameter) => (
                <tr key={`${parameter.in}:${parameter.name}`}>
                  <td className="py-1.5 pr-3 align-top font-mono text-xs whitespace-nowrap text-grey-900">
                    {parameter.name}
                    {parameter.required ? <span className="text-red-600"> *</span> : null}
                  </td>
                  <td className="py-1.5 pr-3 align-top text-xs text-grey-500">{parameter.in}</td>
                  <td className="py-1.5 pr-3 align-top font-mono text-xs text-grey-600">
                    {typeLabel(document, parameter.schema)}
                  </td>
                  <td className="py-1.5 align-top text-xs text-grey-700">
                    <Prose text={parameter.description ?? parameter.schema?.description} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {body ? (
        <section aria-label="Request body">
          <h4 className="mb-1 text-xs font-medium text-grey-500 uppercase">Body (JSON)</h4>
          <Body document={document} schema={body} />
        </section>
      ) : null}
      {success.map(([status, response]) => (
        <section key={status} aria-label={`Answer ${status}`}>
          <h4 className="mb-1 text-xs font-medium text-grey-500 uppercase">
            {status} · {response.description}
          </h4>
          {response.content?.["application/json"] ? (
            <Body document={document} schema={response.content["application/json"].schema} />
          ) : null}
        </section>
      ))}
      <section aria-label="Errors">
        <h4 className="mb-1 text-xs font-medium text-grey-500 uppercase">Errors</h4>
        <ul className="text-xs text-grey-700">
          {errors.map(([status, response]) => (
            <li key={status}>
              <span className="font-mono text-grey-900">{status}</span>{" "}
              <Prose text={response.description} />
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}

/**
 * The REST API's reference (Documentation → API reference): every endpoint of the OpenAPI
 * document the server serves, with its scope, parameters, body, answers and errors. Nothing
 * here is written by hand, so it says what the server does.
 */
export function ApiReference({ origin = window.location.origin }: { origin?: string }) {
  const {
    data: document,
    isPending,
    isError,
  } = useQuery({
    queryKey: ["openapi", OPENAPI_URL],
    queryFn: fetchOpenApi,
    staleTime: 5 * 60_000,
  });
  const example = [
    `curl -X POST ${origin}/api/v1/conversions \\`,
    '  -H "Authorization: Bearer $FLOOW_API_KEY" \\',
    '  -H "Content-Type: application/json" \\',
    `  -d '{"orderId": "10045", "value": 129.95, "currency": "EUR", "visitorId": "…"}'`,
  ].join("\n");

  return (
    <Card id="api" className="max-w-3xl scroll-mt-6">
      <CardHeader>
        <CardTitle>API reference</CardTitle>
        <CardDescription>
          <Prose
            text={
              document?.info.description ??
              "Report orders, read floows, export sessions and analytics with an API key."
            }
          />{" "}
          Create keys under{" "}
          <a href="/settings#organization" className="font-medium text-moss-700 underline">
            Settings → Organization
          </a>
          . The machine-readable document:{" "}
          <a href={OPENAPI_URL} className="font-mono text-xs text-moss-700 underline">
            {OPENAPI_URL}
          </a>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <CodeSnippet label="API example" language="Shell" code={example} />
        {isPending ? (
          <p className="flex items-center gap-2 text-sm text-grey-500">
            <Spinner size="sm" /> Loading the API reference…
          </p>
        ) : isError ? (
          <p role="alert" className="text-sm text-red-700">
            The API reference could not be loaded.
          </p>
        ) : (
          Object.entries(document.paths).flatMap(([path, operations]) =>
            Object.entries(operations).map(([method, operation]) => (
              <Endpoint
                key={`${method} ${path}`}
                document={document}
                method={method}
                path={path}
                operation={operation}
              />
            )),
          )
        )}
      </CardContent>
    </Card>
  );
}
