/**
 * Pieces every lead form carries: its answer bound to its fields, hidden
 * fields, the messages about the whole form, and the consent box.
 *
 * A refused form comes back, without JavaScript too, where the person is
 * (issue 43: the page used to open at its top, the message far below, the
 * consent box unticked): every answer kept, the consent box as it was sent,
 * and the browser brought to the form. The first refused field carries
 * `autofocus` (bindFields); an answer about the whole form (a refusal such as
 * "send the form again", or a success that stays on the page) is a focusable
 * alert above the fields that carries it first. A form whose answer stays on
 * its page also names that alert as its action's fragment
 * (`#callback-answer`), which lands there in browsers that ignore autofocus.
 * Not a form whose success redirects: a redirect keeps the fragment of the
 * post, so the next page's address would carry it. The alert is there only
 * when it has something to say: a fragment whose target exists turns the
 * browser's autofocus off, and a refused field must keep it.
 */
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ComponentProps, ReactNode } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "~/components/ui/button";
import {
  bindFields,
  FormAlert,
  TextAreaField,
  TextField,
  type FieldBinding,
} from "~/components/ui/form-controls";
import type { FormAnswer, FormValues } from "~/lib/forms";
import { useLocalize } from "~/lib/use-locale";
import { ConsentField } from "./consent-field";
import { MAX_DETAILS_LENGTH } from "./lead-limits";
import type { LeadFormName } from "./lead-schema";
import { useLeadForm } from "./use-lead-form";

export { ConsentField, ConsentLinks } from "./consent-field";

/**
 * A lead form on its page: the page's answer if it is this form's (its
 * intent is the form's name), the browser's checks, and each field bound to
 * its id, message and value. A refused form shows what was typed; after a
 * success the page comes back with an empty form; before either, `initial`.
 */
export function useLeadFields(
  name: LeadFormName,
  result: FormAnswer | undefined,
  { initial = {}, success }: { initial?: FormValues; success?: MessageDescriptor } = {},
) {
  const { i18n } = useLingui();
  const answer = result?.form === name ? result : undefined;
  const refused = answer?.ok === false ? answer : undefined;
  const form = useLeadForm(name, refused?.errors);
  const values = refused ? (refused.values ?? initial) : answer ? {} : initial;
  return {
    ...form,
    values,
    field: bindFields(name, form.errors, values),
    /** What LeadFormTop shows: the refusal, or `success` after one that stays on the page. */
    top: {
      intent: name,
      formError: refused?.formError,
      success: answer?.ok && success ? i18n._(success) : undefined,
    },
  };
}

/** The handlers useLeadFields gives an island's form element. */
type LeadFormHandlers = Pick<
  ReturnType<typeof useLeadForm>,
  "formRef" | "onSubmit" | "onChange" | "onFocus"
>;

/** The id of a form's answer about the whole form; its action names it as the fragment. */
export function answerId(intent: string): string {
  return `${intent}-answer`;
}

/**
 * A lead form on a content page (an island): a plain form posting to its
 * page (`path`, put in the page's language here), checked by the browser
 * first (useLeadForm), opening with its hidden fields and the answer.
 */
export function IslandLeadForm({
  formRef,
  onSubmit,
  onChange,
  onFocus,
  top,
  path,
  hash = "",
  label,
  className,
  hidden,
  children,
}: LeadFormHandlers & {
  top: ComponentProps<typeof LeadFormTop>;
  path: string;
  /**
   * Where on the answering page to land, for a form whose answer stays on its
   * page (never one whose success redirects): `#${answerId(intent)}`.
   */
  hash?: string;
  label: string;
  className: string;
  /** More hidden fields. */
  hidden?: ReactNode;
  children: ReactNode;
}) {
  const localize = useLocalize();
  return (
    // Input and focus events bubble up from the form's own controls.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form
      ref={formRef}
      method="post"
      action={localize(path) + hash}
      onSubmit={onSubmit}
      onChange={onChange}
      onFocus={onFocus}
      className={className}
      aria-label={label}
    >
      <LeadFormTop {...top}>{hidden}</LeadFormTop>
      {children}
    </form>
  );
}

type ContactField = "name" | "email" | "phone" | "postalCode";

const CONTROLS = {
  name: { autoComplete: "name" },
  email: { autoComplete: "email", type: "email" },
  phone: { autoComplete: "tel-national", type: "tel" },
  postalCode: { autoComplete: "postal-code" },
} satisfies Record<ContactField, { autoComplete: string; type?: string }>;

/**
 * The person's own details, in the order given: each with its autocomplete
 * and type, required. A form may word a label its own way (the spec's words)
 * and give placeholders.
 */
export function ContactFields({
  field,
  include,
  labels = {},
  placeholders = {},
}: {
  field: (name: string) => FieldBinding;
  include: readonly ContactField[];
  labels?: Partial<Record<ContactField, string>>;
  placeholders?: Partial<Record<ContactField, string>>;
}) {
  const { t } = useLingui();
  const standard: Record<ContactField, string> = {
    name: t`Your name`,
    email: t`Email`,
    phone: t`Phone`,
    postalCode: t`ZIP or postal code`,
  };
  return include.map((name) => (
    <TextField
      key={name}
      field={field(name)}
      label={labels[name] ?? standard[name]}
      placeholder={placeholders[name]}
      required
      {...CONTROLS[name]}
    />
  ));
}

/**
 * The job in the person's words, as every lead form asks it: one label and one
 * limit. Required unless `optional`; `example` shows what to write.
 */
export function DetailsField({
  field,
  optional = false,
  example = false,
  rows = 4,
}: {
  field: FieldBinding;
  optional?: boolean;
  example?: boolean;
  rows?: number;
}) {
  const { t } = useLingui();
  return (
    <TextAreaField
      field={field}
      label={t`Project details`}
      optional={optional}
      required={!optional}
      rows={rows}
      maxLength={MAX_DETAILS_LENGTH}
      placeholder={example ? t`What needs doing, and when would you like it done?` : undefined}
    />
  );
}

/** What every lead form ends with: the consent box and the button that sends. */
export function LeadFormEnd({
  field,
  sending,
  label,
  sendingLabel,
  variant,
  size,
}: {
  field: (name: string) => FieldBinding;
  sending: boolean;
  label: string;
  /** "Sending…" unless said. */
  sendingLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const { t } = useLingui();
  const consent = field("consent");
  return (
    <>
      <ConsentField
        id={consent.id}
        error={consent.error}
        // Ticked again only as it was sent (a consent text changed since is not echoed).
        checked={consent.defaultValue === "on"}
        refusedFirst={consent.autoFocus}
      />
      <Button
        type="submit"
        variant={variant}
        size={size}
        disabled={sending}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        {sending ? (sendingLabel ?? t`Sending…`) : label}
      </Button>
    </>
  );
}

/** What every lead form starts with: its hidden fields, then the answer about the whole form. */
export function LeadFormTop({
  intent,
  formError,
  success,
  children,
}: {
  intent: string;
  formError?: string;
  /** Shown after a success that stays on the page. */
  success?: string;
  /** More hidden fields. */
  children?: ReactNode;
}) {
  // Focused as the page opens (autofocus, or the fragment of a form whose answer stays).
  // A refusal or a success, never both: the id is on one alert at most. It comes before
  // the fields, so when a refused field also has autofocus, the answer about the whole
  // form ("check your details and send again") is what the page opens on.
  const answer = { id: answerId(intent), tabIndex: -1, autoFocus: true };
  return (
    <>
      <LeadFormMeta intent={intent} />
      {children}
      <FormAlert message={formError} {...answer} />
      <FormAlert message={success} tone="success" {...answer} />
    </>
  );
}

/** The form's intent, and the honeypot (the form key travels in a cookie). */
export function LeadFormMeta({ intent }: { intent: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {/* Off-screen and out of the tab order: people never fill it, bots do. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          <Trans>Company (leave empty)</Trans>
          <input type="text" name="company" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}
