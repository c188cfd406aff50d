/**
 * Form controls: a label above every control, the error right below it,
 * tied together with aria-describedby and aria-invalid. Sized for touch.
 */
import { Trans } from "@lingui/react/macro";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/cn";
import type { FieldErrors } from "~/lib/field-errors";

const CONTROL =
  "block w-full rounded-control border border-navy-300 bg-surface px-3.5 py-2.5 text-base text-ink shadow-xs placeholder:text-muted/80 focus:border-navy-600 focus:outline-3 focus:outline-offset-0 focus:outline-navy-200 aria-invalid:border-danger-700 aria-invalid:bg-danger-50";

export interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: ReactNode;
}

export function errorId(id: string): string {
  return `${id}-error`;
}

export function hintId(id: string): string {
  return `${id}-hint`;
}

/** aria attributes for a control inside a Field. */
export function describedBy(id: string, error?: string, hint?: boolean) {
  const ids = [hint ? hintId(id) : null, error ? errorId(id) : null].filter(Boolean);
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids.length ? ids.join(" ") : undefined,
  } as const;
}

export function Field({ id, label, error, hint, optional, className, children }: FieldProps) {
  return (
    <div className={cn("grid gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-semibold text-navy-900">
        {label}
        {optional ? (
          <span className="font-normal text-muted">
            {" "}
            <Trans>(optional)</Trans>
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={hintId(id)} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** One field of a form: its id, name, message and what was typed (see `bindFields`). */
export interface FieldBinding {
  id: string;
  name: string;
  error?: string;
  defaultValue?: string;
  /** The first field the answer refused: the page opens with the focus on it. */
  autoFocus?: boolean;
}

/**
 * The fields of one form, bound to its answer: ids under the form's prefix
 * (unique on a page with several forms), each field's message and value.
 * The first refused field (in the answer's order, the form's own) carries
 * `autofocus` in the page's HTML, so the focus is on it without JavaScript
 * and before the page's script has started.
 */
export function bindFields(
  prefix: string,
  errors: FieldErrors,
  values: Partial<Record<string, string>>,
): (name: string) => FieldBinding {
  const first = Object.keys(errors).find((name) => name !== "form" && errors[name]);
  return (name) => ({
    id: `${prefix}-${name}`,
    name,
    error: errors[name],
    defaultValue: values[name],
    ...(name === first ? { autoFocus: true } : {}),
  });
}

/** What a bound field gives its control: id, name, value, and the aria wiring. */
export type BoundControlProps = {
  id: string;
  name: string;
  defaultValue?: string;
  autoFocus?: boolean;
} & ReturnType<typeof describedBy>;

interface BoundFieldProps {
  field: FieldBinding;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
}

/** A labelled field whose control is drawn by `children`, wired to the field. */
export function BoundField({
  field,
  children,
  ...props
}: BoundFieldProps & { children: (control: BoundControlProps) => ReactNode }) {
  const control: BoundControlProps = {
    id: field.id,
    name: field.name,
    defaultValue: field.defaultValue,
    autoFocus: field.autoFocus,
    ...describedBy(field.id, field.error, Boolean(props.hint)),
  };
  return (
    <Field id={field.id} error={field.error} {...props}>
      {children(control)}
    </Field>
  );
}

type Without<P> = Omit<P, "id" | "name" | "defaultValue" | "className">;

export function TextField({
  field,
  label,
  hint,
  optional,
  className,
  ...input
}: BoundFieldProps & Without<ComponentProps<"input">>) {
  return (
    <BoundField field={field} label={label} hint={hint} optional={optional} className={className}>
      {(control) => <TextInput {...input} {...control} />}
    </BoundField>
  );
}

export function TextAreaField({
  field,
  label,
  hint,
  optional,
  className,
  ...textarea
}: BoundFieldProps & Without<ComponentProps<"textarea">>) {
  return (
    <BoundField field={field} label={label} hint={hint} optional={optional} className={className}>
      {(control) => <TextArea {...textarea} {...control} />}
    </BoundField>
  );
}

/** A select: with nothing chosen yet, its first (placeholder) option shows. */
export function SelectField({
  field,
  label,
  hint,
  optional,
  className,
  ...select
}: BoundFieldProps & Without<ComponentProps<"select">>) {
  return (
    <BoundField field={field} label={label} hint={hint} optional={optional} className={className}>
      {(control) => <Select {...select} {...control} defaultValue={control.defaultValue ?? ""} />}
    </BoundField>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={errorId(id)} className="text-sm font-medium text-danger-700">
      {error}
    </p>
  );
}

export function TextInput({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(CONTROL, "min-h-11", className)} {...props} />;
}

export function TextArea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(CONTROL, "min-h-28", className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(CONTROL, "min-h-11 pr-8", className)} {...props} />;
}

/** A message about the whole form: an error (announced at once) or a success. */
export function FormAlert({
  message,
  tone = "error",
  ...focus
}: {
  message?: string;
  tone?: "error" | "success";
  /** The answer a page opens on (its id, focusable: lead-form-parts.tsx). */
  id?: string;
  tabIndex?: number;
  autoFocus?: boolean;
}) {
  if (!message) return null;
  return (
    <p
      {...focus}
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "error"
          ? "rounded-control border border-danger-700 bg-danger-50 px-4 py-3 text-sm font-medium text-danger-700"
          : "rounded-control border border-success-600 bg-green-50 px-4 py-3 text-sm font-medium text-success-600"
      }
    >
      {message}
    </p>
  );
}
