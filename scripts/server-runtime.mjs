// D163: how the server's process is started, by `npm start` (start.mjs) and by the tests and benchmarks
// (server-process.mjs): settings that only count when given as the process starts.

/**
 * Node's options for the server. V8 lets the young generation grow to two 16 MB semi-spaces on a machine with this
 * much memory, and keeps them once grown: 4 MB each is 24 MB less resident, for a scavenge about four times as often
 * (each one shorter, since it copies what survives, a page's worth of objects).
 */
export const SERVER_NODE_ARGS = ["--max-semi-space-size=4"];

/**
 * The environment the server starts with, its own values winning. glibc gives each thread that allocates its own
 * 64 MB arena and rarely returns their memory: the threads that decode and draw pictures (libvips) and libuv's
 * workers left about 100 MB there after a thousand requests. Two arenas hold the same work in far less.
 * @param {NodeJS.ProcessEnv} env
 */
export const serverEnv = (env) => ({ MALLOC_ARENA_MAX: "2", ...env });
