import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("issue 17: development listens on this machine only unless HOST says otherwise; production on every interface", () => {
    expect(loadConfig({ NODE_ENV: "development" }).host).toBe("127.0.0.1");
    expect(loadConfig({ NODE_ENV: "development", HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig({}).host).toBe("0.0.0.0");
  });

  it("applies the documented defaults (D2, D3, D41)", () => {
    const c = loadConfig({}, "/srv/arcadium");
    expect(c.port).toBe(5000);
    expect(c.gamesPort).toBe(5001);
    expect(c.publicUrl).toBe("http://localhost:5000");
    expect(c.gamesUrl).toBe("http://127.0.0.1:5001");
    expect(c.dataDir).toBe(path.resolve("/srv/arcadium", "data"));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.seedDemo).toBe(true);
    expect(c.adminEmails).toEqual(["admin@example.com"]);
    expect(c.google).toBeUndefined();
  });

  it("derives the default origins from the ports and trims trailing slashes", () => {
    expect(loadConfig({ PORT: "8080", GAMES_PORT: "8081" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ PUBLIC_URL: "https://play.example.com/" }).publicUrl).toBe("https://play.example.com");
  });

  it.each([
    [{ PORT: "eighty" }, /PORT/],
    [{ PORT: "70000" }, /PORT/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL/],
    [{ SEED_DEMO: "maybe" }, /SEED_DEMO/],
    [{ PUBLIC_URL: "not a url" }, /PUBLIC_URL/],
    [{ GOOGLE_CLIENT_ID: "id-only" }, /GOOGLE_CLIENT_SECRET/],
    [{ PUBLIC_URL: "http://a.example", GAMES_URL: "http://a.example/" }, /different origin/],
    // D79: a GAMES_URL with {id}
    [{ GAMES_URL: "http://g{id}{id}.localhost:5001" }, /GAMES_URL must contain \{id\} exactly once/],
    [{ GAMES_URL: "http://g{ID}.localhost:5001" }, /GAMES_URL must contain \{id\} exactly once/],
    [{ GAMES_URL: "https://games.g{id}.example.net" }, /GAMES_URL must have \{id\} in the first label/],
    [{ GAMES_URL: "https://games.example.net/{id}" }, /GAMES_URL must have \{id\} in the first label/],
    [{ GAMES_URL: "https://g{id}.example.net/play" }, /GAMES_URL must be an origin/],
    [{ GAMES_URL: "http://g{id}:5001" }, /GAMES_URL must have a domain after/],
    [{ GAMES_URL: "ftp://g{id}.example.net" }, /GAMES_URL/],
    [
      { PUBLIC_URL: "http://g1.localhost:5001", GAMES_URL: "http://g{id}.localhost:5001" },
      /PUBLIC_URL must not be one of the games' origins/,
    ],
    [
      { PUBLIC_URL: "https://g42.games.example.net/", GAMES_URL: "https://g{id}.games.example.net" },
      /PUBLIC_URL must not be one of the games' origins/,
    ],
  ])("stops with one clear line for a bad value %o", (env, pattern) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(pattern);
    expect((error as Error).message).not.toContain("\n");
  });

  it("keeps a GAMES_URL with {id} as a normalised template (D79), and GAMES_URL without it as before", () => {
    expect(loadConfig({ GAMES_URL: "https://G{id}.Games.Example.net/" }).gamesUrl).toBe(
      "https://g{id}.games.example.net",
    );
    expect(loadConfig({ GAMES_URL: "http://g{id}.localhost:5001" }).gamesUrl).toBe("http://g{id}.localhost:5001");
    // the site on another port of the same host names, or on their parent domain, is not a game's origin
    expect(
      loadConfig({ PUBLIC_URL: "http://g1.localhost:5000", GAMES_URL: "http://g{id}.localhost:5001" }).gamesUrl,
    ).toBe("http://g{id}.localhost:5001");
    expect(
      loadConfig({ PUBLIC_URL: "https://games.example.net", GAMES_URL: "https://g{id}.games.example.net" }).publicUrl,
    ).toBe("https://games.example.net");
    expect(loadConfig({ GAMES_URL: "https://games.example.net/" }).gamesUrl).toBe("https://games.example.net");
  });

  describe("STORAGE_URL (D162)", () => {
    it("is unset by default: stored files stay under DATA_DIR", () => {
      expect(loadConfig({}).storage).toBeUndefined();
    });

    it("reads the endpoint, bucket, prefix, region, addressing and credentials", () => {
      expect(
        loadConfig({ STORAGE_URL: "s3://AK%2B1:S%2Fx@minio.internal:9000/arcadium/prod?region=eu-west-1" }).storage,
      ).toEqual({
        endpoint: "https://minio.internal:9000",
        bucket: "arcadium",
        prefix: "prod/",
        region: "eu-west-1",
        forcePathStyle: true,
        credentials: { accessKeyId: "AK+1", secretAccessKey: "S/x" },
      });
      expect(loadConfig({ STORAGE_URL: "http://127.0.0.1:9000/files", AWS_REGION: "us-west-2" }).storage).toMatchObject(
        {
          endpoint: "http://127.0.0.1:9000",
          prefix: "",
          region: "us-west-2",
          credentials: undefined,
        },
      );
      expect(
        loadConfig({ STORAGE_URL: "s3://s3.amazonaws.com/my-bucket?path-style=false&tls=true" }).storage,
      ).toMatchObject({
        endpoint: "https://s3.amazonaws.com",
        forcePathStyle: false,
      });
    });

    it.each([
      ["ftp://host/bucket", /unknown scheme ftp:/],
      ["s3://host", /no bucket/],
      ["s3://host/Not_A_Bucket", /is not a bucket name/],
      ["s3://key@host/bucket", /both KEY and SECRET/],
      ["s3://host/bucket?pathstyle=true", /unknown option "pathstyle"/],
      ["s3://host/bucket?tls=maybe", /tls must be true or false/],
      ["bucket", /not a URL/],
    ])("refuses %s with the expected form", (value, why) => {
      expect(() => loadConfig({ STORAGE_URL: value })).toThrow(ConfigError);
      expect(() => loadConfig({ STORAGE_URL: value })).toThrow(why);
      expect(() => loadConfig({ STORAGE_URL: value })).toThrow(
        /Invalid environment variable STORAGE_URL: .*expected s3:\/\/KEY:SECRET@HOST/,
      );
    });

    it("never repeats the secret in its message", () => {
      expect(() => loadConfig({ STORAGE_URL: "s3://key:hunter2@host/Bad_Bucket" })).toThrow(/^(?!.*hunter2)/);
    });
  });

  it("D164: takes BUILD_COMMIT as a commit hash, and refuses anything else", () => {
    expect(loadConfig({}).buildCommit).toBeUndefined();
    expect(loadConfig({ BUILD_COMMIT: "3F2A9C1" }).buildCommit).toBe("3f2a9c1");
    expect(() => loadConfig({ BUILD_COMMIT: "v1.4.2" })).toThrow(/BUILD_COMMIT: must be a git commit hash/);
  });

  it("D110: outside fetches go to public addresses only unless FETCH_ALLOW_PRIVATE is true", () => {
    expect(loadConfig({}).fetchAllowPrivate).toBe(false);
    expect(loadConfig({ FETCH_ALLOW_PRIVATE: "true" }).fetchAllowPrivate).toBe(true);
    expect(loadConfig({ FETCH_ALLOW_PRIVATE: "false" }).fetchAllowPrivate).toBe(false);
    expect(() => loadConfig({ FETCH_ALLOW_PRIVATE: "sometimes" })).toThrow(/FETCH_ALLOW_PRIVATE/);
  });

  it("D12: new password hashes cost N=2^17 unless PASSWORD_HASH_COST (12 to 20) says otherwise", () => {
    expect(loadConfig({}).passwordHashCost).toBe(17);
    expect(loadConfig({ PASSWORD_HASH_COST: "12" }).passwordHashCost).toBe(12);
    expect(() => loadConfig({ PASSWORD_HASH_COST: "11" })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: "21" })).toThrow(/PASSWORD_HASH_COST/);
  });

  it("parses lists and booleans", () => {
    const c = loadConfig({ ADMIN_EMAILS: " Boss@Example.com, ops@example.com ,", SEED_DEMO: "false" });
    expect(c.adminEmails).toEqual(["boss@example.com", "ops@example.com"]);
    expect(c.seedDemo).toBe(false);
  });

  // Issue 17's security review: TRUST_PROXY=true believed the left-most X-Forwarded-For, which the client writes.
  describe("TRUST_PROXY", () => {
    it.each([
      [{}, false],
      [{ TRUST_PROXY: "false" }, false],
      [{ TRUST_PROXY: "0" }, false],
      [{ TRUST_PROXY: " 127.0.0.1 " }, ["127.0.0.1"]],
      [{ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,::1, fd00::/8" }, ["127.0.0.1", "10.0.0.0/8", "::1", "fd00::/8"]],
      [{ TRUST_PROXY: "loopback,uniquelocal" }, ["loopback", "uniquelocal"]],
    ])("%o → %o", (env, expected) => {
      expect(loadConfig(env).trustProxy).toEqual(expected);
    });

    it.each(["true", "TRUE", "yes"])("refuses a bare %j at start with a clear error", (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: true would believe the client's own X-Forwarded-For.*addresses of the proxies/,
      );
    });

    // Fastify 5.12 ignores a hop count (it trusts nobody then): it cannot tell the proxy from a client reaching the port directly.
    it.each(["1", "2"])("refuses the hop count %j, saying to list the proxies' addresses", (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: a number of proxies.*addresses of the proxies/,
      );
    });

    it.each(["-1", "1.5", "proxy.example", "10.0.0.0/33", "300.1.1.1", "127.0.0.1,,", "1,127.0.0.1"])(
      "refuses %j",
      (value) => {
        expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
      },
    );
  });
});
