import { useLingui } from "@lingui/react/macro";
import type { ComponentProps } from "react";
import { Select } from "~/components/ui/form-controls";
import type { ServiceGroup } from "~/features/content/service-options.server";

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
