import { PagePlaceholder } from "~/features/shell/page-placeholder";

export default function SearchPage() {
  return <PagePlaceholder title="Find contractors" />;
}
