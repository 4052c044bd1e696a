import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password";

describe("passwordProblem", () => {
  it.each(["password", "12345678", "qwertyuiop", "Password1", "iloveyou1"])(
    "refuses the well-known %s with a reason",
    async (password) => {
      const problem = await passwordProblem(password);
      expect(problem).toMatch(
        /^(This password is too easy to guess\. \S|Password must be at least 8)/,
      );
    },
  );

  it("refuses a password made of the user's own e-mail", async () => {
    expect(
      await passwordProblem("annexample2024", ["annexample@floow.test", "Ann Example"]),
    ).toMatch(/too easy to guess/);
  });

  it("refuses short passwords by length", async () => {
    expect(await passwordProblem("x7$kQ")).toBe("Password must be at least 8 characters.");
  });

  it.each(["correct horse battery", "Tk9#vLq2-mWx", "purple-otter-lantern-19"])(
    "accepts %s",
    async (password) => {
      expect(await passwordProblem(password)).toBeNull();
    },
  );
});
