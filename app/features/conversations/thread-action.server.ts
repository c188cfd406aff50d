/**
 * A conversation page's form posts, shared by the signed-in page and the one
 * for a browser that sent its request without an account: a message (with
 * photos, multipart), sharing the homeowner's contact, and reporting a
 * message. The caller has checked the thread is the person's (404 first);
 * every answer is post-redirect-get, or the refusal beside its form.
 */
import { msg } from "@lingui/core/macro";
import { data, redirect, type RouterContextProvider } from "react-router";
import { NO_STORE } from "~/features/auth/index.server";
import { deliveryOf, notFound, orNotFound } from "~/features/marketplace/index.server";
import { PhotoRefused, readPhotoUploads } from "~/features/marketplace/index.server";
import { getServices } from "~/lib/app-context.server";
import { translate } from "~/lib/i18n.server";
import { localeOfRequest, localizePath } from "~/lib/locale-path";
import type { Owner } from "./access.server";
import { postMessage, type MessagePhoto } from "./post.server";
import type { ReportResult } from "./reports.server";
import { messageAnchor } from "./thread-messages";
import type { ThreadFailure } from "./thread-page";
import { readCursor, shareContact } from "./view.server";

const refuse = (failure: ThreadFailure, status: number, headers: Record<string, string> = {}) =>
  data<ThreadFailure>(failure, { status, headers: { ...NO_STORE, ...headers } });

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The form's fields and files: multipart (the message form, photos) or url-encoded. */
async function readForm(request: Request): Promise<{ form: FormData; files: MessagePhoto[] }> {
  if (!/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    return { form: await request.formData(), files: [] };
  }
  return readPhotoUploads(request);
}

/** A report taken, or refused with a sentence (403: this reader may not report). */
type ReportOutcome = ReportResult | { ok: false; error: string; status: 403 };

export interface ThreadPost {
  request: Request;
  context: Readonly<RouterContextProvider>;
  /** Who posts: the signed-in person, or the browser that owns the request. */
  who: Owner;
  threadId: string;
  /** The thread's page (no language prefix): every answer sends the person back to it, in their page's language. */
  page: string;
  /** Reports the message with this reason (or refuses to, with a sentence in the page's language). */
  report: (messageId: number, reason: string) => Promise<ReportOutcome>;
}

export async function threadAction({ request, context, who, threadId, page, report }: ThreadPost) {
  const locale = localeOfRequest(request);
  const back = localizePath(page, locale);
  const services = getServices(context);
  const db = services.database.db;
  let read: Awaited<ReturnType<typeof readForm>>;
  try {
    read = await readForm(request);
  } catch (error) {
    if (!(error instanceof PhotoRefused)) throw error;
    return refuse({ intent: "message", errors: { photos: error.message }, body: "" }, error.status);
  }
  const { form, files } = read;
  switch (form.get("intent")) {
    case "message": {
      const body = text(form, "body");
      const result = await orNotFound(
        postMessage(
          db,
          { delivery: deliveryOf(context) },
          who,
          threadId,
          { body, photos: files },
          locale,
        ),
      );
      if (!result.ok) {
        const retry: Record<string, string> = result.retryAfterS
          ? { "Retry-After": String(result.retryAfterS) }
          : {};
        return refuse({ intent: "message", errors: result.errors, body }, result.status, retry);
      }
      // Committed: the open pages hear of it, and the outbox looks at its new job.
      await services.messageBus.publish({
        threadId: result.message.threadId,
        messageId: result.message.id,
      });
      services.notifyOutbox();
      return redirect(`${back}#${messageAnchor(result.message.id)}`);
    }
    case "share": {
      const result = await orNotFound(shareContact(db, who, threadId, locale));
      if (!result.ok) return refuse({ intent: "share", error: result.error }, result.status);
      return redirect(`${back}#contact`);
    }
    case "report": {
      const messageId = readCursor(form.get("messageId"));
      if (messageId === null) notFound();
      const reason = text(form, "reason");
      const result = await orNotFound(report(messageId, reason));
      if (!result.ok) {
        return refuse({ intent: "report", messageId, error: result.error, reason }, result.status);
      }
      return redirect(`${back}?reported=${String(messageId)}#${messageAnchor(messageId)}`);
    }
    default:
      return refuse(
        {
          intent: null,
          error: translate(locale, msg`Please write a message, or choose what to do.`),
        },
        400,
      );
  }
}

/** Never stored; a refusal for sending too often says when to try again. */
export function threadHeaders({ actionHeaders }: { actionHeaders: Headers }) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { ...NO_STORE, "Retry-After": retryAfter } : NO_STORE;
}
