// Small helpers shared by the benchmarks (starting the server and scratch databases: scripts/server-process.mjs).

/** The administrative PostgreSQL connection the benchmarks create their scratch databases on. */
export const adminDatabaseUrl = () => process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** The p-th percentile (nearest rank) of an ascending array. */
export const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
