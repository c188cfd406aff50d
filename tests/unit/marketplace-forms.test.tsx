/**
 * The New Project form asks how pros may reach the homeowner (as the other
 * quote forms do) and keeps the choice when the form comes back; the
 * progress form shows the server's refusal beside the field, with what was
 * typed. Rendered with the action's answer as the page would get it.
 */
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { LeadActionData } from "~/features/leads/lead-action.server";
import { MESSAGES } from "~/features/leads/lead-schema";
import { PROGRESS_MESSAGE, ProjectProgress } from "~/features/marketplace/project-progress";
import type { ProjectView } from "~/features/marketplace/project-view";
import { NewProjectForm } from "~/features/projects/new-project-form";
import { i18nFor } from "~/lib/i18n.server";

/** The text of what an element's aria-describedby points at. */
function description(element: Element): string {
  const ids = element.getAttribute("aria-describedby")?.split(/\s+/) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

/** `element` on a page whose action answered `actionData`. */
function renderWithAction(element: ReactNode, actionData?: unknown) {
  const router = createMemoryRouter([{ id: "page", path: "/", element }], {
    hydrationData: { loaderData: {}, actionData: actionData ? { page: actionData } : null },
  });
  return render(
    <I18nProvider i18n={i18nFor("en")}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const account = { name: "Jordan Lee", email: "jordan@example.com" };

describe("New Project: how pros may reach the homeowner", () => {
  afterEach(cleanup);

  const choices = () =>
    within(
      screen.getByRole("group", { name: "How should we contact you?" }),
    ).getAllByRole<HTMLInputElement>("radio");

  it("offers every contact choice, a phone call first chosen", () => {
    renderWithAction(<NewProjectForm account={account} groups={[]} />);
    expect(choices().map((radio) => radio.labels?.[0]?.textContent)).toEqual([
      "Phone call",
      "Text message",
      "Email",
      "Messages on TradeMatch only",
    ]);
    expect(choices().map((radio) => radio.value)).toEqual(["phone", "text", "email", "messages"]);
    expect(screen.getByRole("radio", { name: "Phone call" })).toHaveProperty("checked", true);
    // No hidden field decides for the homeowner.
    expect(document.querySelectorAll('input[name="preferredContact"]')).toHaveLength(4);
  });

  it("keeps the choice when the form comes back with errors", () => {
    const result: LeadActionData = {
      form: "project",
      ok: false,
      errors: { phone: MESSAGES.phone },
      values: { ...account, phone: "123", preferredContact: "messages" },
    };
    renderWithAction(<NewProjectForm account={account} groups={[]} result={result} />);
    expect(screen.getByRole("radio", { name: "Messages on TradeMatch only" })).toHaveProperty(
      "checked",
      true,
    );
    expect(screen.getByRole("radio", { name: "Phone call" })).toHaveProperty("checked", false);
  });

  it("ties the server's refusal of an unknown choice to the choices", () => {
    const result: LeadActionData = {
      form: "project",
      ok: false,
      errors: { preferredContact: MESSAGES.preferredContact },
      values: { ...account, preferredContact: "fax" },
    };
    renderWithAction(<NewProjectForm account={account} groups={[]} result={result} />);
    for (const radio of choices()) {
      expect(radio.getAttribute("aria-invalid")).toBe("true");
      expect(description(radio)).toBe(MESSAGES.preferredContact);
      expect(radio.checked).toBe(false);
    }
  });
});

describe("project progress: the server's refusal beside the field", () => {
  afterEach(cleanup);

  const project = (status: ProjectView["status"], progress: number): ProjectView => ({
    id: "00000000-0000-4000-8000-000000000001",
    title: "Roof Repair",
    service: "roof-repair",
    place: "Boulder, CO",
    citySlug: "boulder-co",
    details: null,
    status,
    progress,
    createdAt: "2026-11-20T12:00:00.000Z",
    hiredId: null,
    hiredBy: null,
    parts: [],
  });
  const field = () => screen.getByRole<HTMLInputElement>("spinbutton", { name: "Progress (%)" });

  it("shows no error at first", () => {
    renderWithAction(<ProjectProgress project={project("in_progress", 40)} />);
    expect(field().value).toBe("40");
    expect(field().hasAttribute("aria-invalid")).toBe(false);
    expect(description(field())).toBe("");
  });

  for (const [how, answer] of [
    ["a refused step", { ok: false, formError: PROGRESS_MESSAGE }],
    ["a field error", { ok: false, errors: { progress: PROGRESS_MESSAGE } }],
  ] as const) {
    it(`keeps what was typed, the message tied to the field (${how})`, () => {
      renderWithAction(<ProjectProgress project={project("scheduled", 0)} />, {
        ...answer,
        values: { intent: "start", progress: "150" },
      });
      expect(field().value).toBe("150");
      expect(field().getAttribute("aria-invalid")).toBe("true");
      expect(description(field())).toBe(PROGRESS_MESSAGE);
    });
  }

  it("leaves the field alone for another form's answer", () => {
    renderWithAction(<ProjectProgress project={project("in_progress", 40)} />, {
      ok: false,
      formError: "Choose at least one photo to upload.",
      values: { intent: "progress", progress: "40" },
    });
    expect(field().value).toBe("40");
    expect(field().hasAttribute("aria-invalid")).toBe(false);
  });
});
