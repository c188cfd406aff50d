/**
 * The business profile form, for joining (a new business) and for editing
 * one the person owns. An ordinary POST form: without JavaScript the server
 * answers with the page again, each message under its field and what was
 * typed kept; with it, the same answer arrives without a page load and
 * focus moves to the first field to fix. In the page's language; its
 * "Language for emails" names each language in that language.
 */
import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import {
  describedBy,
  Field,
  FormAlert,
  Select,
  TextArea,
  TextInput,
} from "~/components/ui/form-controls";
import type { ServiceGroup } from "~/features/content/index.server";
import type { Region } from "~/features/places/index.server";
import { ENDONYMS } from "~/features/shell";
import { HTML_LANG, LOCALES } from "~/lib/locales";
import { id, RegionSelect, Section, Tick, Trades } from "./profile-form-fields";
import { PROFILE_LIMITS } from "./profile-messages";
import type { FieldErrors } from "./profile-schema";
import type { ProfileFormValues } from "./profile-values";

export interface ProfileFormProps {
  /** A new business, or changes to the one with this id. */
  business: { kind: "new" } | { kind: "existing"; id: string };
  values: ProfileFormValues;
  errors?: FieldErrors;
  formError?: string;
  groups: ServiceGroup[];
  regions: Region[];
}

export function ProfileForm({
  business,
  values,
  errors: given,
  formError,
  groups,
  regions,
}: ProfileFormProps) {
  const { t } = useLingui();
  const errors = given ?? {};
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const form = useRef<HTMLFormElement>(null);
  // A new answer with mistakes: the first field to fix gets focus.
  useEffect(() => {
    if (given) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [given]);
  const text = (field: keyof ProfileFormValues) => {
    const value = values[field];
    return typeof value === "string" ? value : "";
  };
  const input = (field: keyof ProfileFormValues, hint = false) => ({
    id: id(field),
    name: field,
    defaultValue: text(field),
    ...describedBy(id(field), errors[field], hint),
  });
  const isNew = business.kind === "new";
  return (
    <Form
      method="post"
      ref={form}
      className="grid gap-8"
      aria-label={isNew ? t`Business profile` : t`Edit business profile`}
    >
      {business.kind === "existing" ? (
        <input type="hidden" name="business" value={business.id} />
      ) : null}
      <FormAlert message={formError} />

      <Section name="your-business" title={t`Your business`}>
        <Field id={id("name")} label={t`Business name`} error={errors.name}>
          <TextInput
            {...input("name")}
            autoComplete="organization"
            required
            minLength={PROFILE_LIMITS.nameMin}
            maxLength={PROFILE_LIMITS.nameMax}
          />
        </Field>
        <Trades groups={groups} values={values} errors={errors} />
        <Field
          id={id("description")}
          label={t`About your business`}
          optional
          error={errors.description}
        >
          <TextArea {...input("description")} rows={5} maxLength={PROFILE_LIMITS.descriptionMax} />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            id={id("yearsInBusiness")}
            label={t`Years in business`}
            optional
            error={errors.yearsInBusiness}
          >
            <TextInput {...input("yearsInBusiness")} inputMode="numeric" />
          </Field>
          <Field
            id={id("hours")}
            label={t`Opening hours`}
            optional
            hint={t`Like Mon–Fri 7am–6pm`}
            error={errors.hours}
          >
            <TextInput {...input("hours", true)} maxLength={PROFILE_LIMITS.hoursMax} />
          </Field>
        </div>
      </Section>

      <Section
        name="where-you-work"
        title={t`Where you work`}
        hint={t`Required: list the cities you serve, or give a base city and how far you travel from it, or both.`}
      >
        <Field
          id={id("places")}
          label={t`Cities you serve`}
          hint={t`One a line, as City, ST or City, Province: like Denver, CO or Toronto, ON.`}
          error={errors.places}
        >
          <TextArea {...input("places", true)} rows={4} />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            id={id("basePlace")}
            label={t`Base city`}
            hint={t`Where you work from, like Denver, CO.`}
            error={errors.basePlace}
          >
            <TextInput
              {...input("basePlace", true)}
              maxLength={PROFILE_LIMITS.placeLength}
              autoComplete="off"
            />
          </Field>
          <Field
            id={id("radius")}
            label={t`How far you travel from it`}
            hint={t`In miles in the US, in kilometres in Canada.`}
            error={errors.radius}
          >
            <TextInput {...input("radius", true)} inputMode="numeric" />
          </Field>
        </div>
      </Section>

      <Section
        name="licence-and-insurance"
        title={t`Licence and insurance`}
        hint={t`Your profile shows these as declared by the business, until we have checked them.`}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            id={id("licenceNumber")}
            label={t`Licence number`}
            optional
            error={errors.licenceNumber}
          >
            <TextInput
              {...input("licenceNumber")}
              maxLength={PROFILE_LIMITS.licenceNumberMax}
              autoComplete="off"
            />
          </Field>
          <Field
            id={id("licenceRegion")}
            label={t`Issued by (state or province)`}
            optional
            error={errors.licenceRegion}
          >
            <RegionSelect
              regions={regions}
              value={text("licenceRegion")}
              error={errors.licenceRegion}
            />
          </Field>
        </div>
        <Field
          id={id("insuranceCarrier")}
          label={t`Liability insurer`}
          optional
          hint={t`The insurance company's name.`}
          error={errors.insuranceCarrier}
        >
          <TextInput {...input("insuranceCarrier", true)} maxLength={PROFILE_LIMITS.insuranceMax} />
        </Field>
      </Section>

      <Section
        name="contact-details"
        title={t`Contact details`}
        hint={t`Requests reach you by email either way. Your profile shows only the details you tick.`}
      >
        <Field id={id("email")} label={t`Business email`} error={errors.email}>
          <TextInput {...input("email")} type="email" autoComplete="email" required />
        </Field>
        <Tick
          name="showEmail"
          label={t`Show my email on my profile`}
          checked={Boolean(values.showEmail)}
        />
        <Field id={id("phone")} label={t`Business phone`} optional error={errors.phone}>
          <TextInput {...input("phone")} type="tel" autoComplete="tel-national" />
        </Field>
        <Tick
          name="showPhone"
          label={t`Show my phone on my profile`}
          checked={Boolean(values.showPhone)}
        />
        <Field id={id("address")} label={t`Business address`} optional error={errors.address}>
          <TextInput
            {...input("address")}
            autoComplete="street-address"
            maxLength={PROFILE_LIMITS.addressMax}
          />
        </Field>
        <Tick
          name="showAddress"
          label={t`Show my address on my profile`}
          checked={Boolean(values.showAddress)}
        />
        <Field
          id={id("locale")}
          label={t`Language for emails`}
          hint={t`The emails we send your business, such as new requests, are written in it.`}
          error={errors.locale}
        >
          <Select {...input("locale", true)}>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={HTML_LANG[locale]}>
                {ENDONYMS[locale]}
              </option>
            ))}
          </Select>
        </Field>
      </Section>

      <Button
        type="submit"
        size="lg"
        disabled={sending}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        {sending ? t`Saving…` : isNew ? t`Create my profile` : t`Save changes`}
      </Button>
    </Form>
  );
}
