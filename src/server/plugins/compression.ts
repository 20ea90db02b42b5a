import zlib from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Issue 12 item 6 (and D73): responses over about 1 KB (JSON, the page, scripts, styles, game files) are
 * compressed with brotli or gzip, whichever the client's Accept-Encoding prefers, with `Vary: Accept-Encoding`.
 * Brotli runs at quality 4 on the fly (most of quality 11's gain for a small share of its CPU); the built
 * client's hashed assets are compressed at quality 11 once at build time (scripts/build-lib.mjs) and sent
 * as they are (@fastify/static's preCompressed), so a response that already has a Content-Encoding is
 * left alone here.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { level: 6 },
  });
});
