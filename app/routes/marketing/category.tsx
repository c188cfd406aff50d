import { PagePlaceholder } from "~/features/shell/page-placeholder";
import { getCategory, isCategorySlug } from "~/site";
import type { Route } from "./+types/category";

export function loader({ url }: Route.LoaderArgs) {
  const slug = url.pathname.slice(1);
  if (!isCategorySlug(slug)) throw new Error(`category route without a category: ${slug}`);
  return { title: getCategory(slug).title };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData.title }];

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  return <PagePlaceholder title={loaderData.title} />;
}
