import { CATEGORIES } from "~/site";
import { getCategoryContent } from "./content.server";

export interface ServiceGroup {
  category: { slug: string; title: string };
  services: { slug: string; title: string }[];
}

/** Every category with its services, for a grouped select. */
export function serviceGroups(): ServiceGroup[] {
  return CATEGORIES.map((category) => ({
    category: { slug: category.slug, title: category.title },
    services: getCategoryContent(category.slug).services.map(({ slug, title }) => ({ slug, title })),
  }));
}
