import { describe, expect, it } from "vitest";
import { memoryLogger } from "../support/factories";

const PERSON = { name: "Jordan Rivera", email: "jordan.rivera@example.com", phone: "+13035550147" };

describe("logs never hold personal data", () => {
  it("redacts name, email and phone fields, at the top level and one level down", () => {
    const { logger, lines } = memoryLogger();
    logger.info({ ...PERSON, lead: { ...PERSON, service: "roofing" } }, "lead received");
    const text = lines.join("\n");
    for (const value of Object.values(PERSON)) expect(text).not.toContain(value);
    expect(text).toContain("roofing");
  });

  it("drops the values a failed database query carries", () => {
    const { logger, lines } = memoryLogger();
    const cause = Object.assign(
      new Error(`duplicate key value violates unique constraint (email)=(${PERSON.email})`),
      {
        detail: `Key (email)=(${PERSON.email}) already exists.`,
        parameters: [PERSON.name, PERSON.email],
      },
    );
    const error = Object.assign(
      new Error(
        `Failed query: insert into "leads" ("name", "email", "phone") values ($1, $2, $3)\nparams: ${PERSON.name},${PERSON.email},${PERSON.phone}`,
      ),
      { query: "insert into leads …", params: [PERSON.name, PERSON.email, PERSON.phone], cause },
    );
    logger.error({ err: error }, "lead could not be saved");
    const text = lines.join("\n");
    for (const value of Object.values(PERSON)) expect(text).not.toContain(value);
    expect(text).toContain("Failed query");
  });
});
