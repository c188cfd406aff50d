/** Talking to a test server the way a browser without JavaScript does. */

export async function formKeyFrom(baseUrl: string, path = "/"): Promise<string> {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  const key = /name="formKey" value="([^"]+)"/.exec(html)?.[1];
  if (!key) throw new Error(`no form key on ${path}`);
  return key;
}

export function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: new URL(url).origin,
      ...headers,
    },
  });
}
