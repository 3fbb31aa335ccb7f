import { describe, expect, it } from "vitest";
import { profileSchema, resetPasswordSchema, signUpSchema } from "../../shared/forms/account";
import { checkoutSchema } from "../../shared/forms/checkout";
import { cmsRegisterBody } from "../../shared/forms/cms-auth";
import { checkForm } from "../../shared/forms/form-result";
import { productReviewSchemas } from "../../shared/forms/product-review";
import { requestSchemas } from "../../shared/forms/requests";
import { en } from "../../shared/i18n/en";
import { translator } from "../../shared/i18n/translator";
import { customer } from "./support/shop-fixtures";

const { callback: callbackSchema, wholesale: wholesaleSchema } = requestSchemas(translator("en").m);
const guestReviewSchema = productReviewSchemas(translator("en").m.productReviewForm).guest;

/** The shared schemas (shared/forms): one way to run them, one e-mail rule, one phone rule. */

const order = { ...customer };

describe("checkForm", () => {
  it("keeps each field's first message, in the order of the form's fields", () => {
    const result = checkForm(resetPasswordSchema(en), { passwordConfirmation: "abd", password: "abc", code: "zz" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.entries(result.errors)).toEqual([
      ["code", "This reset link is incomplete. Ask for a new one."],
      ["password", "Use at least 8 characters."],
      // Said even while the password itself is wrong, as before.
      ["passwordConfirmation", "The two passwords are not the same."],
    ]);
  });

  it("reads a missing field as empty, so the form's own words say it is missing", () => {
    const result = checkForm(callbackSchema, {});
    expect(result).toEqual({
      ok: false,
      errors: { name: "Please enter your name.", phone: "Please enter a phone number so we can call you." },
    });
  });

  it("still asks for the address when another field is wrong", () => {
    const result = checkForm(checkoutSchema(en.checkout), { ...order, email: "mariam@", address: "", city: "" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      email: "This e-mail doesn't look right. Check it, e.g. name@example.com.",
      address: "Please enter the delivery address.",
      city: "Please enter the city.",
    });
  });

  it("takes an emirate of the seven only, and none for a pickup", () => {
    const schema = checkoutSchema(en.checkout);
    const other = checkForm(schema, { ...order, delivery: "transport", region: "Muscat" });
    expect(other.ok || other.errors.region).toBe("Choose the emirate.");
    expect(checkForm(schema, { ...order, delivery: "transport", region: "Ras Al Khaimah" }).ok).toBe(true);
    expect(checkForm(schema, { ...order, delivery: "pickup", address: "", city: "", region: "" }).ok).toBe(true);
  });
});

describe("one phone rule", () => {
  const accepted = ["050 123 4567", "04 123 4567", "+971 50 123 4567", "00971501234567", "+44 20 7946 0958"];
  const refused = ["1234567", "12345", "050 12 34", "+1 23", "call me maybe"];

  it("accepts UAE and international numbers on every form that asks for one", () => {
    for (const phone of accepted) {
      expect(checkForm(checkoutSchema(en.checkout), { ...order, phone }).ok, phone).toBe(true);
      expect(checkForm(callbackSchema, { name: "Huda", phone }).ok, phone).toBe(true);
      expect(checkForm(profileSchema(en), { phone }).ok, phone).toBe(true);
    }
  });

  it("refuses the same numbers everywhere, each form in its own words", () => {
    for (const phone of refused) {
      const checkout = checkForm(checkoutSchema(en.checkout), { ...order, phone });
      const callback = checkForm(callbackSchema, { name: "Huda", phone });
      const profile = checkForm(profileSchema(en), { phone });
      expect(checkout.ok || checkout.errors.phone, phone).toBe(
        "Enter a UAE number like 050 123 4567 or an international one starting with +.",
      );
      expect(callback.ok || callback.errors.phone, phone).toBe(
        "Enter a UAE number like 050 123 4567 or an international one starting with +.",
      );
      expect(profile.ok || profile.errors.phone, phone).toBe(
        "Enter a phone number with digits, e.g. +971 50 123 4567.",
      );
    }
  });

  it("keeps a request's number as digits, and the checkout's and profile's as typed", () => {
    const callback = checkForm(callbackSchema, { name: "Huda", phone: " +971 (50) 123-4567 " });
    expect(callback.ok && callback.value.phone).toBe("+971501234567");
    const checkout = checkForm(checkoutSchema(en.checkout), { ...order, phone: " 050 123 4567 " });
    expect(checkout.ok && checkout.value.phone).toBe("050 123 4567");
    const profile = checkForm(profileSchema(en), { phone: "050  123 4567" });
    expect(profile.ok && profile.value.phone).toBe("050 123 4567");
  });
});

describe("one e-mail rule", () => {
  it("takes the same addresses on every form, trimmed and in lower case", () => {
    const email = " Mariam.Ali+shop@Example.AE ";
    const signUp = checkForm(signUpSchema(en), { username: "mariam", email, password: "rose-water-7" });
    const wholesale = checkForm(wholesaleSchema, {
      company: "Noor Trading",
      name: "Mariam",
      email,
      phone: "050 123 4567",
      message: "Forty boxes of the rose cream.",
    });
    const review = checkForm(guestReviewSchema, { rating: "5", text: "Soft and light on the skin.", name: "M", email });
    for (const result of [signUp, wholesale, review]) {
      expect(result.ok && result.value.email).toBe("mariam.ali+shop@example.ae");
    }
  });

  it("refuses an address without a domain and a top-level domain, or longer than 254 characters", () => {
    for (const email of [
      "mariam@",
      "mariam@example",
      "mariam@example.a",
      "two words@example.ae",
      `${"a".repeat(250)}@x.ae`,
    ]) {
      const result = checkForm(signUpSchema(en), { username: "mariam", email, password: "rose-water-7" });
      expect(result.ok || result.errors.email, email).toBe("Enter an e-mail address like name@example.com.");
    }
  });

  it("is the embedded CMS's e-mail rule too, in yup's words", () => {
    const result = checkForm(cmsRegisterBody, { username: "mariam", email: "mariam@example", password: "x" });
    expect(result).toEqual({ ok: false, errors: { email: "email must be a valid email" } });
  });
});
