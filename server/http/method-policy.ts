/**
 * Which methods and bodies a URL takes, decided before React Router sees the
 * request, so that a bad request is a short 4xx (405, 415, 400) and never a
 * rendered 500 with an error in the log.
 *
 * Every page takes GET and HEAD; POST only when the route React Router would
 * run the action of has one; no other method anywhere (the site's forms post,
 * and the Fetch API cannot even represent TRACE or CONNECT). A POST carries a
 * form, as browsers and React Router's `<Form>` send it (URL-encoded, or
 * multipart), and a multipart body must parse.
 */
import type { IncomingMessage } from "node:http";
import { HttpError } from "./request-body";
import type { RouteTable } from "./route-table";

const READ_ONLY = ["GET", "HEAD"] as const;
const WITH_FORMS = ["GET", "HEAD", "POST"] as const;
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export interface MethodPolicy {
  /** The methods this URL takes. */
  allowed(pathname: string, search: string): readonly string[];
  /** Throws the 405 or 415 this request deserves, if any. */
  check(req: IncomingMessage, pathname: string, search: string): void;
}

export function createMethodPolicy(routes: RouteTable): MethodPolicy {
  function allowed(pathname: string, search: string): readonly string[] {
    const matches = routes.match(pathname);
    const last = matches?.at(-1);
    if (!matches || !last) return READ_ONLY;
    // The route whose action React Router runs (its getTargetMatch): the index route
    // when asked for with `?index`, else the deepest route that adds to the path.
    const indexAsked = new URLSearchParams(search).getAll("index").includes("");
    const target =
      last.route.index && indexAsked
        ? last
        : matches.filter((match, i) => i === 0 || (match.route.path ?? "").length > 0).at(-1);
    return target?.route.id && routes.hasAction(target.route.id) ? WITH_FORMS : READ_ONLY;
  }

  return {
    allowed,
    check(req, pathname, search) {
      const method = req.method ?? "GET";
      const methods = allowed(pathname, search);
      if (!methods.includes(method)) {
        throw new HttpError(405, `This address takes ${methods.join(", ")} only.`, {
          Allow: methods.join(", "),
        });
      }
      if (method !== "POST") return;
      const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
      // A post with nothing in it (a Sign Out button sent by fetch) is an empty form.
      if (type === "" && isEmptyBody(req)) return;
      if (!FORM_TYPES.has(type)) {
        throw new HttpError(
          415,
          "This address takes forms only (application/x-www-form-urlencoded or multipart/form-data).",
        );
      }
    },
  };
}

/** The request says it carries no body: no length, or zero, and not chunked. */
export function isEmptyBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] === undefined && (length === undefined || length === "0");
}

/**
 * A multipart body that does not parse is the client's fault: 400 here,
 * rather than a 500 from the action's `request.formData()`. (A URL-encoded
 * body always parses.)
 */
export async function checkFormBody(request: Request): Promise<void> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(type)) return;
  try {
    await request.clone().formData();
  } catch {
    throw new HttpError(400, "This form could not be read. Please go back and send it again.");
  }
}
