import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  DomainError,
  ERROR_CODES,
  fieldErrorsFrom,
  TRPC_ERROR_CODE,
  validationError,
} from "./errors";

describe("errors", () => {
  it("one set of codes with their tRPC mapping", () => {
    expect(ERROR_CODES).toEqual([
      "BAD_REQUEST",
      "VALIDATION",
      "UNAUTHORIZED",
      "FORBIDDEN",
      "NOT_FOUND",
      "CONFLICT",
      "PAYLOAD_TOO_LARGE",
      "RATE_LIMITED",
      "INTERNAL",
      "UNAVAILABLE",
    ]);
    expect(Object.keys(TRPC_ERROR_CODE)).toEqual([...ERROR_CODES]);
    expect(TRPC_ERROR_CODE.VALIDATION).toBe("BAD_REQUEST");
  });

  it("DomainError carries code, message and field errors", () => {
    const error = new DomainError("NOT_FOUND");
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe("NOT_FOUND");
    expect(error.name).toBe("DomainError");
    expect(
      new DomainError("CONFLICT", "Taken", [{ path: ["host"], message: "in use" }]).toJSON(),
    ).toEqual({
      code: "CONFLICT",
      message: "Taken",
      fieldErrors: [{ path: ["host"], message: "in use" }],
    });
  });

  it("reads zod errors into field paths and messages", () => {
    const schema = z.object({
      steps: z.array(z.object({ text: z.string({ error: "Text please" }) })),
    });
    const result = schema.safeParse({ steps: [{}] });
    expect(result.success).toBe(false);
    const error = validationError(result.error);
    expect(error.code).toBe("VALIDATION");
    expect(error.fieldErrors).toEqual([{ path: ["steps", 0, "text"], message: "Text please" }]);
    expect(fieldErrorsFrom(null)).toEqual([]);
    expect(fieldErrorsFrom({ issues: [{}] })).toEqual([{ path: [], message: "Invalid value" }]);
  });
});
