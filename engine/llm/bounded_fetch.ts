// A fetch for the model clients that holds a response to what a run can afford: the body is
// read in full before the response is handed on, so the request's deadline (its abort
// signal) covers the last byte and not only the headers; reading stops, and the connection
// is dropped, as soon as the body passes a byte limit, so a hostile endpoint's endless or
// huge body is never held whole; and a body that is not valid UTF-8 is refused.

/** A response body past the byte limit: cut off while it streamed in, never held whole. */
export class OversizeError extends Error {
  override name = "OversizeError";
  /**
   * A body past `limit` bytes.
   *
   * @param limit The byte limit.
   * @param read The bytes read before reading stopped (more than the limit).
   * @param declared The body's Content-Length, when the server declared one.
   */
  constructor(readonly limit: number, readonly read: number, readonly declared: number | null) {
    super(`the response body passed the limit of ${limit} bytes${declared !== null ? ` (the server declared ${declared} bytes)` : ` (${read} bytes read before it was cut off)`}`);
  }
}

/** A response body that is not UTF-8 text. */
export class EncodingError extends Error {
  override name = "EncodingError";
}

/**
 * A fetch that resolves only once the whole body is in (at most `maxBytes` of it), with the
 * body buffered in a new Response. An abort of the request's signal while the body streams
 * in rejects it like an abort before the headers.
 *
 * @param maxBytes The largest body accepted, in bytes.
 * @param base The fetch underneath (the runtime's by default).
 */
export function boundedFetch(maxBytes: number, base: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init);
    const declared = Number(res.headers.get("content-length"));
    const known = Number.isFinite(declared) && res.headers.has("content-length") ? declared : null;
    if (known !== null && known > maxBytes) {
      await res.body?.cancel().catch(() => {});
      throw new OversizeError(maxBytes, 0, known);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (res.body) {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          await reader.cancel().catch(() => {});
          throw new OversizeError(maxBytes, size, known);
        }
        chunks.push(value);
      }
    }
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const c of chunks) bytes.set(c, at), at += c.byteLength;
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw new EncodingError(`the response body (${size} bytes) is not valid UTF-8`);
    }
    // a null-body status (204, 304) takes no body
    return new Response([101, 204, 205, 304].includes(res.status) ? null : bytes, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

/**
 * The default response-size limit for a request whose output is capped at `maxOutputTokens`
 * tokens: 1 MiB of envelope and reasoning text, plus 64 bytes per token (a token is about
 * four characters, JSON escaping can make one character six bytes, and tool-call arguments
 * are escaped twice) — generous, so a legitimate response never meets it.
 *
 * @param maxOutputTokens The request's output-token cap (null: no cap; 32,768 tokens assumed).
 * @returns Bytes.
 */
export function defaultMaxResponseBytes(maxOutputTokens: number | null): number {
  return (1 << 20) + 64 * (maxOutputTokens ?? 32_768);
}
