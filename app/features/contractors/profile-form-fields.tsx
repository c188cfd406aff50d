/**
 * The pieces the business profile form is made of: its sections, its tick
 * boxes, the trades with their services, and the licence issuer's select.
 * Every id is `profile-` and the field's name, as the form's own fields.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { describedBy, errorId, FieldError, hintId, Select } from "~/components/ui/form-controls";
import type { ServiceGroup } from "~/features/content/index.server";
import type { Region } from "~/features/places/index.server";
import { regionName } from "~/features/places";
import type { FieldErrors } from "./profile-schema";
import type { ProfileFormValues } from "./profile-values";

export const id = (field: string) => `profile-${field}`;

const CHECKBOX = "mt-0.5 size-5 shrink-0 rounded border-navy-300 accent-accent-700";

export function Section({
  name,
  title,
  hint,
  children,
}: {
  /** Its hint's id ("where-you-work"): the same in every language. */
  name: string;
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  const hintOf = hintId(id(name));
  return (
    <fieldset
      className="border-t border-line pt-6 first-of-type:border-t-0 first-of-type:pt-0"
      aria-describedby={hint ? hintOf : undefined}
    >
      <legend className="text-lg font-bold text-navy-900">{title}</legend>
      {hint ? (
        <p id={hintOf} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <div className="mt-4 grid gap-5">{children}</div>
    </fieldset>
  );
}

export function Tick({
  name,
  value = "on",
  label,
  checked,
  invalid,
  describedById,
}: {
  name: string;
  value?: string;
  label: string;
  checked: boolean;
  invalid?: boolean;
  describedById?: string;
}) {
  const inputId = id(`${name}-${value}`);
  return (
    <div className="flex items-start gap-2.5">
      <input
        id={inputId}
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={checked}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedById}
        className={CHECKBOX}
      />
      <label htmlFor={inputId} className="text-sm text-ink">
        {label}
      </label>
    </div>
  );
}

/** The trades: each category, with its services under it. */
export function Trades({
  groups,
  values,
  errors,
}: {
  groups: ServiceGroup[];
  values: ProfileFormValues;
  errors: FieldErrors;
}) {
  const { t } = useLingui();
  const categories = new Set(values.categories ?? []);
  const services = new Set(values.services ?? []);
  const messages = [
    errors.categories ? errorId(id("categories")) : null,
    errors.services ? errorId(id("services")) : null,
  ].filter(Boolean);
  return (
    <fieldset aria-describedby={[hintId(id("trades")), ...messages].join(" ")}>
      <legend className="text-sm font-semibold text-navy-900">
        <Trans>Trades</Trans>
      </legend>
      <p id={hintId(id("trades"))} className="mt-1 text-sm text-muted">
        <Trans>
          Tick each trade you work in. Tick services too if you offer only some of a trade&apos;s;
          none ticked means all of them.
        </Trans>
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {groups.map((group) => {
          const trade = group.category.title;
          return (
            <div key={group.category.slug} className="grid content-start gap-2">
              <Tick
                name="categories"
                value={group.category.slug}
                label={group.category.title}
                checked={categories.has(group.category.slug)}
                invalid={Boolean(errors.categories)}
              />
              <fieldset className="grid gap-1.5 pl-7">
                <legend className="sr-only">{t`${trade} services`}</legend>
                {group.services.map((service) => (
                  <Tick
                    key={service.slug}
                    name="services"
                    value={service.slug}
                    label={service.title}
                    checked={services.has(service.slug)}
                    invalid={Boolean(errors.services)}
                  />
                ))}
              </fieldset>
            </div>
          );
        })}
      </div>
      <div className="mt-2 grid gap-1">
        <FieldError id={id("categories")} error={errors.categories} />
        <FieldError id={id("services")} error={errors.services} />
      </div>
    </fieldset>
  );
}

export function RegionSelect({
  regions,
  value,
  error,
}: {
  regions: Region[];
  value: string;
  error?: string;
}) {
  const { i18n, t } = useLingui();
  const byCountry = [
    { label: t`United States`, regions: regions.filter((region) => region.country === "US") },
    { label: t`Canada`, regions: regions.filter((region) => region.country === "CA") },
  ];
  return (
    <Select
      id={id("licenceRegion")}
      name="licenceRegion"
      defaultValue={value}
      {...describedBy(id("licenceRegion"), error)}
    >
      <option value="">{t`No licence, or choose its issuer`}</option>
      {byCountry.map((country) => (
        <optgroup key={country.label} label={country.label}>
          {country.regions.map((region) => (
            <option key={region.code} value={region.code}>
              {regionName(region.code, region.name, i18n)}
            </option>
          ))}
        </optgroup>
      ))}
    </Select>
  );
}
