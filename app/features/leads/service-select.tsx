import { useLingui } from "@lingui/react/macro";
import type { ComponentProps } from "react";
import { BoundField, Select, type FieldBinding } from "~/components/ui/form-controls";
import type { ServiceGroup } from "~/features/content/index.server";

/**
 * Every service, grouped under its category (the category itself for
 * "something else"). The groups come from the server in the page's language
 * (serviceGroups(locale)).
 */
export function ServiceSelect({
  groups,
  placeholder,
  ...props
}: ComponentProps<typeof Select> & { groups: ServiceGroup[]; placeholder: string }) {
  const { t } = useLingui();
  return (
    <Select {...props}>
      <option value="" disabled>
        {placeholder}
      </option>
      {groups.map((group) => {
        const category = group.category.title;
        return (
          <optgroup key={group.category.slug} label={category}>
            <option value={group.category.slug}>{t`${category}: something else`}</option>
            {group.services.map((service) => (
              <option key={service.slug} value={service.slug}>
                {service.title}
              </option>
            ))}
          </optgroup>
        );
      })}
    </Select>
  );
}

/** A required service, labelled, wired to its field ("Choose a service" until chosen). */
export function ServiceField({
  field,
  label,
  groups,
}: {
  field: FieldBinding;
  label: string;
  groups: ServiceGroup[];
}) {
  const { t } = useLingui();
  return (
    <BoundField field={field} label={label}>
      {(control) => (
        <ServiceSelect
          {...control}
          defaultValue={control.defaultValue ?? ""}
          required
          groups={groups}
          placeholder={t`Choose a service`}
        />
      )}
    </BoundField>
  );
}
