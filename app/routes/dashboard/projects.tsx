import { PagePlaceholder } from "~/features/shell/page-placeholder";

export default function ProjectsPage() {
  return <PagePlaceholder title="My Projects" />;
}
