import { describe, expect, it } from "vitest";
import { api, expectStrapiError, uniqueShopper } from "./support/auth-api";

describe("POST /api/auth/local/register applies the sign-up form's rules (issue 13, item 9)", () => {
  it("refuses a password without a number, as the sign-up form does", async () => {
    const res = await api("POST", "/auth/local/register", { ...uniqueShopper(), password: "onlyletters" });
    expectStrapiError(res, 400, "ValidationError", "password: Use at least one letter and one number.");
  });

  it("refuses a 6-character password that Strapi alone would take", async () => {
    const res = await api("POST", "/auth/local/register", { ...uniqueShopper(), password: "abc123" });
    expectStrapiError(res, 400, "ValidationError", "password: Use at least 8 characters.");
  });

  it("refuses a username with spaces or markup", async () => {
    const res = await api("POST", "/auth/local/register", { ...uniqueShopper(), username: "<b>ann lee</b>" });
    expect(res.status).toBe(400);
    expect(res.body.error.details.errors[0].path).toEqual(["username"]);
  });

  it("still registers a shopper who meets the rules", async () => {
    expect((await api("POST", "/auth/local/register", uniqueShopper())).status).toBe(200);
  });
});
