import { throwIfResNotOk } from "./api-client";

/**
 * Multipart uploads (POST /api/admin/games/upload, POST /api/admin/upload-image).
 * Sends cookies and lets the browser set `Content-Type: multipart/form-data; boundary=…` (D62),
 * so no Content-Type header is set here. Non-ok responses raise the same ApiError as every other
 * call (`Error("{status}: {message}")`).
 */
export async function postFormData(
  url: string,
  form: FormData,
  init: { signal?: AbortSignal } = {},
): Promise<Response> {
  const res = await fetch(url, {
    method: "POST",
    headers: { Accept: "application/json" },
    body: form,
    credentials: "include",
    signal: init.signal,
  });
  await throwIfResNotOk(res);
  return res;
}
