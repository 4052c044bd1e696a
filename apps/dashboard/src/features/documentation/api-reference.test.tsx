import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiReference, typeLabel } from "./api-reference";
import type { OpenApiDocument } from "./api-reference";

/** A small document in the shape zod-openapi writes (the real one is checked in the e2e). */
const document: OpenApiDocument = {
  info: { title: "Floow API", version: "1.0.0", description: "Report orders." },
  paths: {
    "/api/v1/floows/{id}": {
      get: {
        operationId: "getLiveFloow",
        summary: "Read a floow's live version",
        description: "The version shoppers get now.",
        "x-floow-scope": "floows:read",
        parameters: [
          {
            name: "id",
            in: "path",
            required: true,
            schema: { type: "string" },
            description: "The floow's id.",
          },
        ],
        responses: {
          200: {
            description: "The live version.",
            content: { "application/json": { schema: { $ref: "#/components/schemas/LiveFloow" } } },
          },
          401: { description: "No API key, an unknown one, or a revoked one." },
          404: { description: "Floow not found, or not live." },
        },
      },
    },
    "/api/v1/conversions": {
      post: {
        summary: "Report an order",
        "x-floow-scope": "conversions:write",
        requestBody: {
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["orderId"],
                properties: {
                  orderId: { type: ["string", "number"] },
                  visitorId: { anyOf: [{ type: "string" }, { type: "null" }] },
                },
              },
            },
          },
        },
        responses: { 201: { description: "Recorded." } },
      },
    },
  },
  components: {
    schemas: {
      LiveFloow: {
        type: "object",
        required: ["id"],
        properties: {
          id: { type: "string" },
          version: { type: "integer", description: "The live version's number." },
          revenue: { type: "array", items: { $ref: "#/components/schemas/RevenueAmount" } },
        },
      },
      RevenueAmount: {
        type: "object",
        properties: {
          currency: { type: "string" },
          influenced: { type: "number", description: "The part the floow showed." },
        },
      },
    },
  },
};

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      {children}
    </QueryClientProvider>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("ApiReference", () => {
  it("renders every operation of the served document with its scope, parameters, body, answers and errors", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(document)));
    vi.stubGlobal("fetch", fetch);
    render(<ApiReference origin="https://floow.example" />, { wrapper });
    const read = await screen.findByRole("article", { name: "GET /api/v1/floows/{id}" });
    expect(fetch).toHaveBeenCalledWith("/api/v1/openapi.json");
    expect(read.textContent).toContain("scope floows:read");
    expect(within(read).getByRole("region", { name: "Parameters" }).textContent).toContain(
      "The floow's id.",
    );
    // The answer's $ref is resolved to its fields.
    expect(within(read).getByRole("region", { name: "Answer 200" }).textContent).toContain(
      "The live version's number.",
    );
    // A field holding an object (here an array of a component) lists that object's fields.
    expect(within(read).getByRole("group", { name: "Fields of revenue" }).textContent).toContain(
      "influencednumberThe part the floow showed.",
    );
    expect(within(read).getByRole("region", { name: "Errors" }).textContent).toContain(
      "404 Floow not found, or not live.",
    );
    const post = screen.getByRole("article", { name: "POST /api/v1/conversions" });
    const body = within(post).getByRole("region", { name: "Request body" });
    expect(body.textContent).toContain("orderId *");
    expect(body.textContent).toContain("string | null");
    expect(
      screen.getByText(/curl -X POST https:\/\/floow.example\/api\/v1\/conversions/),
    ).toBeTruthy();
  });

  it("shows each form of a body of several forms with its fields (one order, or a batch)", async () => {
    const forms: OpenApiDocument = {
      ...document,
      paths: {
        "/api/v1/conversions": {
          post: {
            summary: "Report an order, or a batch of orders",
            requestBody: {
              content: {
                "application/json": {
                  schema: {
                    anyOf: [
                      { $ref: "#/components/schemas/Conversion" },
                      { $ref: "#/components/schemas/ConversionBatch" },
                    ],
                  },
                },
              },
            },
            responses: { 201: { description: "Recorded." } },
          },
        },
      },
      components: {
        schemas: {
          Conversion: {
            type: "object",
            required: ["orderId"],
            properties: { orderId: { type: "string", description: "Your order id." } },
          },
          ConversionBatch: {
            type: "object",
            required: ["orders"],
            properties: {
              orders: {
                type: "array",
                items: { $ref: "#/components/schemas/Conversion" },
                description: "1 to 100 orders.",
              },
            },
          },
        },
      },
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify(forms))),
    );
    render(<ApiReference />, { wrapper });
    const post = await screen.findByRole("article", { name: "POST /api/v1/conversions" });
    const single = within(post).getByRole("group", { name: "Form Conversion" });
    expect(single.textContent).toContain("orderId *stringYour order id.");
    const batch = within(post).getByRole("group", { name: "Form ConversionBatch" });
    expect(batch.textContent).toContain("orders *array of Conversion1 to 100 orders.");
    // The batch's orders list the order's fields under them.
    expect(within(batch).getByRole("group", { name: "Fields of orders" }).textContent).toContain(
      "Your order id.",
    );
  });

  it("says so when the document cannot be loaded", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("nope", { status: 503 })),
    );
    render(<ApiReference />, { wrapper });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The API reference could not be loaded.",
    );
  });

  it("names types as the schema says them", () => {
    expect(
      typeLabel(document, { type: "array", items: { $ref: "#/components/schemas/Session" } }),
    ).toBe("array of Session");
    expect(typeLabel(document, { type: "string", format: "date-time" })).toBe("string (date-time)");
    expect(typeLabel(document, { type: "string", enum: ["a", "b"] })).toBe('"a" | "b"');
  });
});
