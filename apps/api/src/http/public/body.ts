/**
 * A POST body as JSON. The runtime may send `text/plain` (sendBeacon can send nothing else,
 * and a plain-text POST needs no CORS preflight); Fastify hands that over as a string.
 */
export function readJsonBody(
  body: unknown,
): { ok: true; value: unknown } | { ok: false; message: string } {
  if (typeof body !== "string") {
    return body === undefined || body === null
      ? { ok: false, message: "The body must be a JSON object." }
      : { ok: true, value: body };
  }
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    return { ok: false, message: "The body is not valid JSON." };
  }
}
