import { PagePlaceholder } from "~/features/shell/page-placeholder";

export default function LoginPage() {
  return <PagePlaceholder title="Sign in to your account" />;
}
