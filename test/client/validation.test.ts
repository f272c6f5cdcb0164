import { describe, expect, it } from "vitest";
import { validateLogin, validateRegister } from "../../src/client/lib/validation";

describe("validateRegister (spec §5 texts)", () => {
  it("requires every field", () => {
    expect(validateRegister({ email: " ", password: "", confirmPassword: "" })).toEqual({
      email: "Email is required",
      password: "Password is required",
      confirmPassword: "Please confirm your password",
    });
  });

  it("checks the email shape, the password length and the confirmation", () => {
    expect(validateRegister({ email: "a@b", password: "1234567", confirmPassword: "x" })).toEqual({
      email: "Email address is invalid",
      password: "Password must be at least 8 characters long",
      confirmPassword: "Passwords do not match",
    });
  });

  it("accepts a valid form, with the email trimmed", () => {
    expect(validateRegister({ email: " a@b.co ", password: "12345678", confirmPassword: "12345678" })).toEqual({});
  });
});

describe("validateLogin", () => {
  it("only requires both fields", () => {
    expect(validateLogin({ email: "", password: "" })).toEqual({
      email: "Email is required",
      password: "Password is required",
    });
    expect(validateLogin({ email: "whatever", password: "x" })).toEqual({});
  });
});
