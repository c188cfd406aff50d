/** bindFields: each field's id, message and value, and the first refused field's autofocus. */
import { describe, expect, it } from "vitest";
import { bindFields } from "~/components/ui/form-controls";

describe("bindFields", () => {
  it("binds each field to its id, message and what was typed", () => {
    const field = bindFields("quote", { phone: "Please enter a phone number" }, { phone: "555" });
    expect(field("phone")).toEqual({
      id: "quote-phone",
      name: "phone",
      error: "Please enter a phone number",
      defaultValue: "555",
      autoFocus: true,
    });
    expect(field("name")).toEqual({ id: "quote-name", name: "name" });
  });

  it("puts the focus on the first refused field only, never on the form's own message", () => {
    const field = bindFields("quote", { form: "Try again", email: "Bad email", phone: "Bad" }, {});
    expect(field("email").autoFocus).toBe(true);
    expect(field("phone").autoFocus).toBeUndefined();
    expect(field("form").autoFocus).toBeUndefined();
  });

  it("focuses nothing on a form nobody refused", () => {
    const field = bindFields("quote", {}, { name: "Avery" });
    expect(field("name").autoFocus).toBeUndefined();
  });
});
