/**
 * Server rendering: stream the page, but wait for everything before the
 * first byte for bots and prerendering so that they get complete HTML.
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { requestContext } from "./lib/app-context.server";
// Every language's messages, before the first page renders (decision 030).
import "./lib/i18n.server";
// The outbox's jobs composed at delivery, registered by their features (decision 032).
import "./features/conversations/message-email.server";
import "./features/marketplace/answer-deadline.server";
import "./features/visits/visit-reminders.server";
import "./features/visits/visit-closing.server";
import "./features/visits/visit-notices.server";
import { PRERENDER_SCRIPT_MARK, ScriptMarkContext } from "./lib/script-mark";
import { ServerRouter } from "react-router";
import { getLogger } from "./lib/logger.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const prerendering = process.env.IS_RR_BUILD_REQUEST === "yes";
  // React and React Router write it as the `nonce` of every script they add.
  const nonce = prerendering ? PRERENDER_SCRIPT_MARK : loadContext.get(requestContext).scriptMark;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const waitForAll =
      (userAgent && isbot(userAgent)) ||
      routerContext.isSpaMode ||
      process.env.IS_RR_BUILD_REQUEST === "yes";
    const readyOption = waitForAll ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <ScriptMarkContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ScriptMarkContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) getLogger().error({ err: error }, "render error");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** Logs errors thrown by loaders, actions and rendering (not aborted requests). */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const path = new URL(request.url).pathname;
  // A request we refused (no such page, a method the route does not take) is the client's
  // mistake, not ours: a warning without a stack, never an error.
  if (isRouteErrorResponse(error) && error.status < 500) {
    getLogger().warn({ status: error.status, path }, "request refused");
    return;
  }
  getLogger().error({ err: error, path }, "unhandled route error");
};
