import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";

/** HTTP content codings a kept answer can be sent in, besides identity. */
export type AnswerEncoding = "br" | "gzip";

/** Smaller bodies go uncompressed (as the server's global compression threshold). */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * A JSON body kept for many requests (public answers): its bytes and, made at first use and
 * kept, its brotli and gzip encodings, so a cached answer costs no compression per request.
 * Bodies under `COMPRESS_MIN_BYTES` are not compressed (`encoded` answers null).
 */
export interface EncodedBody {
  readonly json: Buffer;
  encoded(encoding: AnswerEncoding): Buffer | null;
}

export function encodedBody(json: Buffer): EncodedBody {
  const encodings: Partial<Record<AnswerEncoding, Buffer>> = {};
  return {
    json,
    encoded(encoding) {
      if (json.length < COMPRESS_MIN_BYTES) return null;
      let out = encodings[encoding];
      if (!out) {
        // Made once per body, so a little more effort than on the fly is worth it.
        out =
          encoding === "br"
            ? brotliCompressSync(json, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: 6,
                  [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: json.length,
                },
              })
            : gzipSync(json, { level: 6 });
        encodings[encoding] = out;
      }
      return out;
    },
  };
}

/** Accept-Encoding values seen, with their coding: browsers send a handful of distinct ones. */
const picked = new Map<string, AnswerEncoding | null>();
const PICKED_MAX = 64;
/** Longer header values are worked out each time: the memo holds at most 64 × 256 characters. */
const PICKED_VALUE_MAX = 256;

/**
 * The coding to send a kept answer in for this Accept-Encoding: brotli, else gzip, else
 * none; a coding with q=0 is refused, and at equal weights brotli (smaller) wins. Worked out
 * once per distinct header value (parsing it every time was about 2 % of the server's CPU
 * time for a cached results answer).
 */
export function pickEncoding(acceptEncoding: string | string[] | undefined): AnswerEncoding | null {
  if (!acceptEncoding) return null;
  if (typeof acceptEncoding !== "string" || acceptEncoding.length > PICKED_VALUE_MAX)
    return parseAcceptEncoding(acceptEncoding);
  let known = picked.get(acceptEncoding);
  if (known === undefined) {
    known = parseAcceptEncoding(acceptEncoding);
    if (picked.size >= PICKED_MAX) picked.clear();
    picked.set(acceptEncoding, known);
  }
  return known;
}

function parseAcceptEncoding(acceptEncoding: string | string[]): AnswerEncoding | null {
  const weights: Record<string, number> = {};
  for (const part of String(acceptEncoding).toLowerCase().split(",")) {
    const [token = "", ...params] = part.split(";").map((item) => item.trim());
    const q = params.find((param) => param.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    weights[token === "x-gzip" ? "gzip" : token] = Number.isFinite(weight) ? weight : 0;
  }
  const star = weights["*"] ?? 0;
  const br = weights.br ?? star;
  const gzip = weights.gzip ?? star;
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? "br" : "gzip";
}
