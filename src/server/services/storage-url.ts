/**
 * STORAGE_URL (D162): where the site keeps its stored files when not on DATA_DIR's disk.
 *
 * Contract:
 * - `s3://[KEY:SECRET@]HOST[:PORT]/BUCKET[/PREFIX][?region=R&path-style=true|false&tls=true|false]`, or the same
 *   with `https://` (tls on) or `http://` (tls off) in place of `s3://`. `s3://` is https unless `tls=false`.
 * - KEY and SECRET are percent-decoded; without them the AWS SDK's usual sources apply (AWS_ACCESS_KEY_ID,
 *   AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, profiles, instance roles).
 * - region defaults to AWS_REGION, else `us-east-1`; path-style (`host/bucket/key`) defaults to true, which every
 *   S3-compatible server understands; `path-style=false` asks for `bucket.host/key` (AWS's virtual hosts).
 * - PREFIX, when given, is put before every key, so that one bucket can hold several sites.
 * - Anything else (another scheme, no bucket, an unknown option) is `StorageUrlError` with a message that shows the
 *   expected form; the message never repeats the secret.
 */
export type S3Location = {
  endpoint: string;
  bucket: string;
  prefix: string;
  region: string;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

export class StorageUrlError extends Error {}

export const STORAGE_URL_FORM = "s3://KEY:SECRET@HOST[:PORT]/BUCKET[/PREFIX]?region=REGION (or https://… / http://…)";

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const OPTIONS = new Set(["region", "path-style", "tls"]);

export function parseStorageUrl(value: string, env: { AWS_REGION?: string } = {}): S3Location {
  const fail = (why: string) => new StorageUrlError(`${why}; expected ${STORAGE_URL_FORM}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw fail("not a URL");
  }
  const scheme = url.protocol.replace(/:$/, "");
  if (!["s3", "https", "http"].includes(scheme)) throw fail(`unknown scheme ${scheme}:`);
  if (!url.hostname) throw fail("no host");
  for (const name of url.searchParams.keys())
    if (!OPTIONS.has(name)) throw fail(`unknown option ${JSON.stringify(name)}`);
  const flag = (name: string, fallback: boolean) => {
    const raw = url.searchParams.get(name);
    if (raw === null) return fallback;
    if (raw === "true" || raw === "false") return raw === "true";
    throw fail(`${name} must be true or false`);
  };
  const segments = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  const [bucket, ...prefix] = segments;
  if (!bucket) throw fail("no bucket");
  if (!BUCKET.test(bucket)) throw fail(`${JSON.stringify(bucket)} is not a bucket name`);
  const tls = scheme === "s3" ? flag("tls", true) : scheme === "https";
  if ((url.username === "") !== (url.password === "")) throw fail("give both KEY and SECRET, or neither");
  const region = url.searchParams.get("region") || env.AWS_REGION || "us-east-1";
  return {
    endpoint: `${tls ? "https" : "http"}://${url.host}`,
    bucket,
    prefix: prefix.length ? `${prefix.join("/")}/` : "",
    region,
    forcePathStyle: flag("path-style", true),
    credentials: url.username
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : undefined,
  };
}
