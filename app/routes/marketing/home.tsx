import { PagePlaceholder } from "~/features/shell/page-placeholder";
import { pageMeta } from "~/lib/meta";
import { siteUrl } from "~/lib/site-url.server";
import { BRAND } from "~/site";
import type { Route } from "./+types/home";

export function loader() {
  return { siteUrl: siteUrl() };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: `${BRAND.name}: Find Trusted Local Contractors in the USA and Canada`,
    description:
      "Compare local roofers, plumbers, electricians, landscapers, painters and builders. Tell us about your project and get free quotes from vetted contractors.",
    siteUrl: loaderData.siteUrl,
    path: "/",
  });

export default function Home() {
  return <PagePlaceholder title="Find Expert Contractors" />;
}
