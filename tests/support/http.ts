/** Talking to a test server the way a browser without JavaScript does. */

/** The form-key cookie a page response sets (what a browser would send back). */
export async function formKeyFrom(baseUrl: string, path = "/"): Promise<string> {
  const response = await fetch(`${baseUrl}${path}`);
  await response.body?.cancel();
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("tm_fk="));
  const key = cookie?.split(";")[0]?.slice("tm_fk=".length);
  if (!key) throw new Error(`no form-key cookie from ${path}`);
  return key;
}

/** Posts a form; a `formKey` field is sent as the form-key cookie instead. */
export function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const { formKey, ...rest } = fields;
  return fetch(url, {
    method: "POST",
    body: new URLSearchParams(rest),
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: new URL(url).origin,
      ...(formKey ? { cookie: `tm_fk=${formKey}` } : {}),
      ...headers,
    },
  });
}
