/**
 * The console's forms on a business profile (/admin/contractors/{id}):
 * "Record a check" of its licence or insurance, and suspend or restore it.
 * Plain forms (no JavaScript needed); a refused one comes back with each
 * message beside its field and what was typed.
 */
import { Form } from "react-router";
import {
  describedBy,
  Field,
  FormAlert,
  Select,
  TextArea,
  TextInput,
} from "~/components/ui/form-controls";
import { VERIFICATION_KINDS, VERIFICATION_RESULTS } from "../../../database/enums";
import { CHECK_LIMITS, KIND_LABELS, RESULT_LABELS } from "./verification";

const BUTTON =
  "justify-self-start rounded-control bg-navy-900 px-4 py-2 text-sm font-semibold text-white";

export interface FormAnswer {
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
}

const NONE: FormAnswer = { values: {}, errors: {} };

function control(prefix: string, answer: FormAnswer, name: string, hint = false) {
  const id = `${prefix}-${name}`;
  return {
    id,
    name,
    defaultValue: answer.values[name] ?? "",
    ...describedBy(id, answer.errors[name], hint),
  };
}

/** "Record a check": kind, registry, its address, date checked, result, expiry, notes. */
export function CheckForm({ answer = NONE, today }: { answer?: FormAnswer; today: string }) {
  const field = (name: string, hint = false) => control("check", answer, name, hint);
  const { errors } = answer;
  return (
    <Form method="post" className="grid max-w-2xl gap-4" noValidate>
      <input type="hidden" name="intent" value="verify" />
      <FormAlert message={answer.formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="check-kind" label="What was checked" error={errors.kind}>
          <Select {...field("kind")}>
            <option value="">Choose…</option>
            {VERIFICATION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="check-result" label="Result" error={errors.result}>
          <Select {...field("result")}>
            <option value="">Choose…</option>
            {VERIFICATION_RESULTS.map((result) => (
              <option key={result} value={result}>
                {RESULT_LABELS[result]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field
        id="check-registry"
        label="Registry name"
        hint={`Up to ${CHECK_LIMITS.registry.toString()} characters, e.g. Colorado DORA.`}
        error={errors.registry}
      >
        <TextInput {...field("registry", true)} autoComplete="off" />
      </Field>
      <Field
        id="check-registryAddress"
        label="Registry address"
        hint="Its web address (https://…) or its postal address."
        error={errors.registryAddress}
      >
        <TextInput {...field("registryAddress", true)} autoComplete="off" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="check-checkedOn"
          label="Date checked"
          hint="YYYY-MM-DD, not in the future."
          error={errors.checkedOn}
        >
          <TextInput {...field("checkedOn", true)} type="date" max={today} />
        </Field>
        <Field
          id="check-expiresOn"
          label="Expiry date"
          hint="Needed when verified: on or after the date checked, not passed."
          error={errors.expiresOn}
        >
          <TextInput {...field("expiresOn", true)} type="date" />
        </Field>
      </div>
      <Field id="check-notes" label="Notes" optional error={errors.notes}>
        <TextArea {...field("notes")} rows={3} />
      </Field>
      <button type="submit" className={BUTTON}>
        Record the check
      </button>
    </Form>
  );
}

/** Suspend (with a reason the owner sees) or, when suspended, restore. */
export function SuspensionForm({
  suspended,
  answer = NONE,
}: {
  suspended: boolean;
  answer?: FormAnswer;
}) {
  if (suspended) {
    return (
      <Form method="post" className="grid gap-3">
        <input type="hidden" name="intent" value="restore" />
        <FormAlert message={answer.formError} />
        <p className="text-sm text-muted">
          Restoring lists the business again and lets homeowners choose it.
        </p>
        <button type="submit" className={BUTTON}>
          Restore the profile
        </button>
      </Form>
    );
  }
  return (
    <Form method="post" className="grid max-w-2xl gap-3" noValidate>
      <input type="hidden" name="intent" value="suspend" />
      <FormAlert message={answer.formError} />
      <Field
        id="suspend-reason"
        label="Reason"
        hint="Up to 500 characters. The owner sees it on their profile."
        error={answer.errors.reason}
      >
        <TextArea {...control("suspend", answer, "reason", true)} rows={3} />
      </Field>
      <p className="text-sm text-muted">
        Suspending takes the business off every listing and the choose-pros step, shows its profile
        to its owner only, and tells homeowners with open requests to it.
      </p>
      <button type="submit" className={BUTTON}>
        Suspend the profile
      </button>
    </Form>
  );
}
