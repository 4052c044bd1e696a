import { describe, expect, it } from "vitest";
import { issuesOf } from "../test/issues";
import { ROLE_LABELS, ROLES } from "./constants";
import {
  changeEmailSchema,
  changePasswordSchema,
  inviteSchema,
  removeInvitationSchema,
  signInSchema,
  signUpSchema,
  userUpdateSchema,
} from "./schema";
import { invitationSchema, newUserSchema, teamUserSchema, userSchema } from "./spec-entities";

describe("roles", () => {
  it("pins roles and labels", () => {
    expect(ROLES).toEqual(["admin", "member"]);
    expect(ROLE_LABELS).toEqual({ admin: "Admin", member: "Member" });
  });
});

describe("Invite", () => {
  it.each([
    [{}, { email: "Must be a valid email address", role: "Please select a role" }],
    [
      { email: "jan", role: "owner" },
      { email: "Must be a valid email address", role: "Please select a role" },
    ],
    [{ email: "jan@example.nl", role: "member" }, {}],
  ])("%j -> %j", (input, expected) => {
    expect(issuesOf(inviteSchema, input)).toEqual(expected);
  });

  it("sends name, email, title and role", () => {
    expect(inviteSchema.parse({ email: " jan@example.nl ", role: "admin" })).toEqual({
      name: "",
      email: "jan@example.nl",
      title: "",
      role: "admin",
    });
    expect(newUserSchema.parse({ email: "a@b.nl", role: "member", name: "x" })).toEqual({
      email: "a@b.nl",
      role: "member",
    });
  });
});

describe("Change Email", () => {
  const schema = changeEmailSchema("jan@example.nl");
  it.each([
    [{}, { oldEmail: "Must be a valid email address", newEmail: "Must be a valid email address" }],
    [
      { oldEmail: "piet@example.nl", newEmail: "jan@new.nl" },
      { oldEmail: "Old email must match the current user email" },
    ],
    [{ oldEmail: "nope", newEmail: "jan@new.nl" }, { oldEmail: "Must be a valid email address" }],
    [{ oldEmail: " JAN@example.nl ", newEmail: "jan@new.nl" }, {}],
  ])("%j -> %j", (input, expected) => {
    expect(issuesOf(schema, input)).toEqual(expected);
  });
});

describe("Change Password", () => {
  const schema = changePasswordSchema("jan@example.nl");
  it.each([
    [{}, { email: "Email should be correct and match the user email" }],
    [{ email: "piet@example.nl" }, { email: "Email should be correct and match the user email" }],
    [{ email: "Jan@Example.nl" }, {}],
  ])("%j -> %j", (input, expected) => {
    expect(issuesOf(schema, input)).toEqual(expected);
  });
});

describe("user entities", () => {
  it("parse with defaults", () => {
    expect(userSchema.parse({ user_id: "u", email: "a@b.nl" })).toEqual({
      user_id: "u",
      name: "",
      email: "a@b.nl",
      title: "",
      role: null,
      picture: null,
      roles: [],
    });
    expect(invitationSchema.parse({ id: "i", email: "a@b.nl" })).toEqual({
      id: "i",
      email: "a@b.nl",
    });
    expect(teamUserSchema.safeParse({ user_id: "u", email: "a", role: "guest" }).success).toBe(
      false,
    );
    expect(removeInvitationSchema.parse({ id: "i", email: "a@b.nl" })).toEqual({
      id: "i",
      email: "a@b.nl",
    });
    expect(issuesOf(userUpdateSchema, { name: " " })).toEqual({ name: "This field is required" });
  });
});

describe("signInSchema / signUpSchema (/login)", () => {
  it("names the field at fault with its message", () => {
    const signIn = signInSchema.safeParse({ email: "not-an-email", password: "" });
    expect(signIn.success).toBe(false);
    expect(signIn.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["email", "Please enter a valid email address."],
      ["password", "Please enter your password."],
    ]);
    const signUp = signUpSchema.safeParse({
      name: "  ",
      email: "ann@example.com",
      password: "1234567",
    });
    expect(signUp.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["name", "Please enter your name."],
      ["password", "Password must be at least 8 characters."],
    ]);
  });

  it("accepts a valid form, trimming name and e-mail", () => {
    expect(
      signUpSchema.parse({ name: " Ann ", email: " ann@example.com ", password: "12345678" }),
    ).toEqual({
      name: "Ann",
      email: "ann@example.com",
      password: "12345678",
    });
  });
});

describe("userUpdateSchema", () => {
  it("takes a name, a title and an uploaded picture, refusing other picture addresses", () => {
    expect(
      userUpdateSchema.parse({
        name: " Ann ",
        title: " CMO ",
        picture: "https://app.floow.example/blobs/b1",
      }),
    ).toEqual({
      name: "Ann",
      title: "CMO",
      picture: "https://app.floow.example/blobs/b1",
    });
    expect(userUpdateSchema.parse({ name: "Ann", picture: null })).toEqual({
      name: "Ann",
      title: "",
      picture: null,
    });
    expect(issuesOf(userUpdateSchema, { name: "", picture: "javascript:alert(1)" })).toEqual({
      name: "This field is required",
      picture: "Website should be valid",
    });
  });
});
