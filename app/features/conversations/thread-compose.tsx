/**
 * The message form: text up to MESSAGE_MAX_CHARS (with a live count once
 * the page runs JavaScript) and up to MESSAGE_MAX_PHOTOS photos. A plain
 * multipart form post: without JavaScript the server answers with the page
 * again (the new message in it, or the refusal beside the field with the
 * text kept). With JavaScript the form empties once the message is sent.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { describedBy, FieldError, hintId, TextArea } from "~/components/ui/form-controls";
import { PHOTO_ACCEPT, PHOTO_LIMITS } from "~/features/marketplace";
import { cn } from "~/lib/cn";
import { useLocale } from "~/lib/use-locale";
import { figure, MESSAGE_MAX_CHARS, MESSAGE_MAX_PHOTOS } from "./limits";

const MB = 1024 * 1024;

/** Characters as the server counts them (code points). */
const charsOf = (text: string) => Array.from(text.trim()).length;

export interface ComposeErrors {
  body?: string;
  photos?: string;
}

export function MessageForm({
  otherName,
  errors = {},
  body = "",
}: {
  otherName: string;
  /** The refusal of the last post, beside its field. */
  errors?: ComposeErrors;
  /** The text the refused post carried, kept. */
  body?: string;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "message";
  // null until the page runs JavaScript: the count is shown only then.
  const [typed, setTyped] = useState<number | null>(null);
  useEffect(() => {
    setTyped(charsOf(formRef.current?.querySelector("textarea")?.value ?? ""));
  }, []);

  // Sent (the post redirected back with no refusal): the form starts empty again.
  const wasSending = useRef(false);
  const refused = Boolean(errors.body ?? errors.photos);
  useEffect(() => {
    if (wasSending.current && navigation.state === "idle") {
      wasSending.current = false;
      // Its reset event sets the count back.
      if (!refused) formRef.current?.reset();
    }
    if (sending) wasSending.current = true;
  }, [navigation.state, sending, refused]);

  const over = typed !== null && typed > MESSAGE_MAX_CHARS;
  const max = figure(MESSAGE_MAX_CHARS, locale);
  const count = figure(typed ?? 0, locale);
  const photos = MESSAGE_MAX_PHOTOS;
  const megabytes = Math.floor(PHOTO_LIMITS.maxBytes / MB);
  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      onReset={() => setTyped(0)}
      aria-labelledby="compose-title"
      className="grid gap-4 rounded-card bg-surface p-6 shadow-card"
    >
      <h2 id="compose-title" className="text-xl font-bold text-navy-900">
        <Trans>Write to {otherName}</Trans>
      </h2>
      <input type="hidden" name="intent" value="message" />
      <div className="grid gap-1.5">
        <label htmlFor="message-body" className="text-sm font-semibold text-navy-900">
          <Trans>Your message</Trans>
        </label>
        <p
          id={hintId("message-body")}
          className={cn("text-sm text-muted", over && "text-danger-700")}
        >
          {typed === null ? t`Up to ${max} characters.` : t`${count} of ${max} characters.`}
        </p>
        <TextArea
          id="message-body"
          name="body"
          rows={5}
          defaultValue={body}
          onChange={(event) => setTyped(charsOf(event.currentTarget.value))}
          {...describedBy("message-body", errors.body, true)}
        />
        <FieldError id="message-body" error={errors.body} />
      </div>
      <div className="grid justify-items-start gap-1.5">
        <label htmlFor="message-photos" className="text-sm font-semibold text-navy-900">
          <Trans>
            Add photos <span className="font-normal text-muted">(optional)</span>
          </Trans>
        </label>
        <p id={hintId("message-photos")} className="text-sm text-muted">
          <Trans>
            Up to {photos} photos: JPEG, PNG or WebP, up to {megabytes} MB each. We remove the
            location and camera details before {otherName} sees them.
          </Trans>
        </p>
        <input
          id="message-photos"
          name="photos"
          type="file"
          accept={PHOTO_ACCEPT}
          multiple
          className="text-sm file:mr-3 file:min-h-11 file:rounded-control file:border-0 file:bg-navy-100 file:px-4 file:font-semibold file:text-navy-900"
          {...describedBy("message-photos", errors.photos, true)}
        />
        <FieldError id="message-photos" error={errors.photos} />
      </div>
      <Button type="submit" className="justify-self-start" disabled={sending}>
        {sending ? <Trans>Sending…</Trans> : <Trans>Send</Trans>}
      </Button>
    </Form>
  );
}
