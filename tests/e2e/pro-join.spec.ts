import { expect, test, type Page } from "./fixtures";
import { signInWithoutThePage } from "./people";
import { accessibilityViolations, visit } from "./hydration";
import { storedClaimCode } from "../support/claim-factories";

/** A seeded sample listing nobody owns (app/features/contractors/seed-data.ts). */
const LISTING = {
  slug: "gulf-coast-painting-co-houston-tx",
  name: "Gulf Coast Painting Co.",
  email: "hello@gulf-coast-painting-co.example",
  masked: "h•••@gulf-coast-painting-co.example",
};

/** Signs this browser into a demo account of its own, ending on `path`. */
async function signInTo(page: Page, path: string) {
  await signInWithoutThePage(page, { returnTo: path });
}

const profileForm = (page: Page) => page.getByRole("form", { name: "Business profile" });

/** Fills the profile as a Denver roofer would, with `city` as the only city served. */
async function fillProfile(page: Page, name: string, city: string) {
  const form = profileForm(page);
  await form.getByRole("textbox", { name: "Business name" }).fill(name);
  await form.getByRole("checkbox", { name: "Roofing", exact: true }).check();
  await form.getByRole("checkbox", { name: "Roof Repair", exact: true }).check();
  await form.getByRole("textbox", { name: /Cities you serve/ }).fill(city);
  await form.getByRole("textbox", { name: /Years in business/ }).fill("12");
  await form.getByRole("textbox", { name: "Business email" }).fill("office@peakline.example");
  await form.getByRole("textbox", { name: /Business phone/ }).fill("(303) 555-0147");
  await form.getByRole("checkbox", { name: "Show my phone on my profile" }).check();
  return form;
}

/** The typo, answered beside its field with everything typed still there. */
async function expectTypoAnswered(page: Page, name: string) {
  const form = profileForm(page);
  const cities = form.getByRole("textbox", { name: /Cities you serve/ });
  await expect(form.getByText("We couldn't find “Denvr Typo, CO”.")).toBeVisible();
  await expect(cities).toHaveAttribute("aria-invalid", "true");
  await expect(cities).toHaveAccessibleDescription(/We couldn't find “Denvr Typo, CO”/);
  await expect(cities).toHaveValue("Denvr Typo, CO");
  await expect(form.getByRole("textbox", { name: "Business name" })).toHaveValue(name);
  await expect(form.getByRole("checkbox", { name: "Roofing", exact: true })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: "Roof Repair", exact: true })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: "Show my phone on my profile" })).toBeChecked();
  await expect(form.getByRole("textbox", { name: /Business phone/ })).toHaveValue("(303) 555-0147");
}

test("the header and the footer lead pros to /pro/join", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "For pros" })).toHaveAttribute(
    "href",
    "/pro/join",
  );
  await page.getByRole("contentinfo").getByRole("link", { name: "For pros" }).click();
  await expect(page).toHaveURL("/login?returnTo=%2Fpro%2Fjoin");
});

test("joining: what a pro gets, a mistake answered beside its field, then the profile", async ({
  page,
}) => {
  await signInTo(page, "/pro/join");
  await visit(page, "/pro/join");
  await expect(
    page.getByRole("heading", { level: 1, name: "Join TradeMatch as a pro" }),
  ).toBeVisible();
  await expect(page.getByText("Free to decline")).toBeVisible();
  await expect(page.getByText(/it reaches only the pros they picked/)).toBeVisible();
  // Where a pro works is required (the cities, or a base city and a distance): none says optional.
  const where = page.getByRole("group", { name: "Where you work" });
  await expect(where.getByText(/^Required: list the cities you serve/)).toBeVisible();
  for (const name of ["Cities you serve", "Base city", "How far you travel from it"]) {
    await expect(where.getByRole("textbox", { name, exact: true })).toBeVisible();
  }
  expect(await accessibilityViolations(page)).toEqual([]);

  const name = `Peak Line Roofing ${Date.now().toString()}`;
  const form = await fillProfile(page, name, "Denvr Typo, CO");
  await form.getByRole("button", { name: "Create my profile" }).click();
  await expectTypoAnswered(page, name);
  // Focus goes to the first field to fix.
  await expect(form.getByRole("textbox", { name: /Cities you serve/ })).toBeFocused();
  expect(await accessibilityViolations(page)).toEqual([]);

  await form.getByRole("textbox", { name: /Cities you serve/ }).fill("Denver, CO");
  await form.getByRole("button", { name: "Create my profile" }).click();
  await expect(page).toHaveURL("/pro?joined=1");

  // The profile can be changed later, with what was stored in the form.
  await visit(page, "/pro/profile");
  const edit = page.getByRole("form", { name: "Edit business profile" });
  await expect(edit.getByRole("textbox", { name: "Business name" })).toHaveValue(name);
  await expect(edit.getByRole("textbox", { name: /Cities you serve/ })).toHaveValue("Denver, CO");
  await expect(edit.getByRole("textbox", { name: /Business phone/ })).toHaveValue("(303) 555-0147");
  await edit.getByRole("textbox", { name: /Opening hours/ }).fill("Mon–Sat 7am–5pm");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your changes are saved.")).toBeVisible();
  await expect(edit.getByRole("textbox", { name: /Opening hours/ })).toHaveValue("Mon–Sat 7am–5pm");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("joining works as an ordinary form: the answer keeps what was typed", async ({ page }) => {
    await signInTo(page, "/pro/join");
    const name = `NoScript Roofing ${Date.now().toString()}`;
    const form = await fillProfile(page, name, "Denvr Typo, CO");
    await form.getByRole("button", { name: "Create my profile" }).click();
    await expect(page).toHaveURL("/pro/join");
    await expectTypoAnswered(page, name);

    await profileForm(page)
      .getByRole("textbox", { name: /Cities you serve/ })
      .fill("Denver, CO");
    await profileForm(page).getByRole("button", { name: "Create my profile" }).click();
    await expect(page).toHaveURL("/pro?joined=1");
  });
});

test("claiming a listing with the code sent to its business email", async ({ page, browser }) => {
  const claimPath = `/pros/${LISTING.slug}/claim`;
  await signInTo(page, claimPath);
  await visit(page, claimPath);
  await expect(
    page.getByRole("heading", { level: 1, name: "Is this your business?" }),
  ).toBeVisible();
  await expect(page.getByText(LISTING.name, { exact: true })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByRole("button", { name: `Send a code to ${LISTING.masked}` }).click();
  await expect(
    page.getByText(`We sent a code to ${LISTING.masked}. It works for 15 minutes.`),
  ).toBeVisible();
  const confirm = page.getByRole("form", { name: "Confirm the code" });
  const field = confirm.getByRole("textbox", { name: "Code from the email" });
  await expect(field).toHaveAccessibleDescription("5 tries left.");

  const code = await storedClaimCode(LISTING.email);
  const wrong = `${code.slice(0, 5)}${((Number(code[5]) + 1) % 10).toString()}`;
  await field.fill(wrong);
  await confirm.getByRole("button", { name: "Confirm the code" }).click();
  await expect(confirm.getByText("That code is not right. You have 4 tries left.")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveValue(wrong);
  expect(await accessibilityViolations(page)).toEqual([]);

  await field.fill(code);
  await confirm.getByRole("button", { name: "Confirm the code" }).click();
  await expect(page).toHaveURL("/pro?claimed=1");
  await visit(page, claimPath);
  await expect(page.getByText("You already manage this business.")).toBeVisible();

  // Someone else, in a browser of their own, is told the business has its owner.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInTo(otherPage, claimPath);
  await expect(
    otherPage.getByText(
      "This business is already managed by its owner. If you think that's wrong, contact us.",
    ),
  ).toBeVisible();
  await expect(otherPage.getByRole("button", { name: /Send a code/ })).toHaveCount(0);
  await other.close();
});
