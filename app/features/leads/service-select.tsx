import type { ComponentProps } from "react";
import { Select } from "~/components/ui/form-controls";
import type { ServiceGroup } from "~/features/content/service-options.server";

/** Every service, grouped under its category (the category itself for "something else"). */
export function ServiceSelect({
  groups,
  placeholder,
  ...props
}: ComponentProps<typeof Select> & { groups: ServiceGroup[]; placeholder: string }) {
  return (
    <Select {...props}>
      <option value="" disabled>
        {placeholder}
      </option>
      {groups.map((group) => (
        <optgroup key={group.category.slug} label={group.category.title}>
          <option value={group.category.slug}>{group.category.title}: something else</option>
          {group.services.map((service) => (
            <option key={service.slug} value={service.slug}>
              {service.title}
            </option>
          ))}
        </optgroup>
      ))}
    </Select>
  );
}
