import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BUILD_CHECK_LIMITS } from "../../contract/admin/build-checks-constants";
import { checkPackage, htmlReferences, outsideHostOf } from "./build-checks";

const made: string[] = [];

/** A package folder with these files (text or a size in bytes, written as a sparse file). */
async function pkg(files: Record<string, string | { bytes: number }>): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "build-checks-"));
  made.push(dir);
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, ...name.split("/"));
    await fs.mkdir(path.dirname(file), { recursive: true });
    if (typeof content === "string") await fs.writeFile(file, content);
    else {
      // a sparse file: its size is what stat says, without writing the bytes
      await fs.writeFile(file, "");
      await fs.truncate(file, content.bytes);
    }
  }
  return dir;
}

afterEach(async () => {
  for (const dir of made.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

const small = {
  ...BUILD_CHECK_LIMITS,
  maxFiles: 3,
  maxUnpackedBytes: 1000,
  initialDownloadWarnBytes: 300,
  initialDownloadFailBytes: 600,
};

const finding = (report: Awaited<ReturnType<typeof checkPackage>>, id: string) =>
  report.findings.find((f) => f.id === id)!;

const GOOD_INDEX = `<!doctype html><html><head>
<link rel="stylesheet" href="style.css?v=2">
<script src="/sdk/v2.js"></script>
</head><body><img src="./img/logo.png"><canvas></canvas><script src="game.js"></script>
<a href="https://example.com/about">made by us</a></body></html>`;

describe("checkPackage (D132)", () => {
  it("passes a small, self-contained package on the SDK, with its initial download counted", async () => {
    const dir = await pkg({
      "index.html": GOOD_INDEX,
      "style.css": "body{margin:0}",
      "game.js": "const svg = 'http://www.w3.org/2000/svg'; console.log(1);",
      "img/logo.png": { bytes: 100 },
      "levels/1.json": "{}",
    });
    const report = await checkPackage(dir);
    expect(report.status).toBe("pass");
    expect(report.findings.map((f) => [f.id, f.status])).toEqual([
      ["index-html", "pass"],
      ["file-count", "pass"],
      ["unpacked-size", "pass"],
      ["initial-download", "pass"],
      ["outside-hosts", "pass"],
      ["sdk", "pass"],
    ]);
    expect(report.fileCount).toBe(5);
    const index = Buffer.byteLength(GOOD_INDEX);
    expect(report.initialDownload.files.map((f) => f.path)).toEqual([
      "index.html",
      "game.js",
      "style.css",
      "img/logo.png",
    ]);
    expect(report.initialDownload.bytes).toBe(index + 14 + 57 + 100);
    expect(report.unpackedBytes).toBe(index + 14 + 57 + 100 + 2);
    expect(report.sdks).toEqual(["arcadium-v2"]);
    expect(finding(report, "sdk").message).toBe("Uses the Arcadium SDK v2.");
    // sizes in B, KB or MB, as the CMS shows them
    expect(finding(report, "unpacked-size").message).toBe(
      `The package unpacks to ${index + 173} B, within the 250 MB allowed.`,
    );
    expect(finding(report, "initial-download").message).toBe(
      `index.html and what it loads directly come to ${index + 171} B in 4 files.`,
    );
  });

  it("fails a package without index.html at its root", async () => {
    const report = await checkPackage(await pkg({ "game/index.html": "<p>hi</p>" }));
    expect(report.status).toBe("fail");
    expect(finding(report, "index-html")).toMatchObject({ status: "fail" });
    expect(finding(report, "index-html").message).toMatch(/no index\.html at the package's root/);
    expect(finding(report, "initial-download").status).toBe("fail");
  });

  it("fails a package with more files than allowed (limit injected)", async () => {
    const dir = await pkg({ "index.html": "<p>x</p>", "a.txt": "a", "b.txt": "b", "c.txt": "c" });
    const report = await checkPackage(dir, { limits: small });
    expect(finding(report, "file-count")).toEqual({
      id: "file-count",
      status: "fail",
      message: "The package has more than 3 files (the most allowed).",
    });
    expect(report.status).toBe("fail");
    const fine = await checkPackage(await pkg({ "index.html": "<p>x</p>", "a.txt": "a", "b.txt": "b" }), {
      limits: small,
    });
    expect(finding(fine, "file-count").status).toBe("pass");
  });

  it("fails 1,501 files and passes 1,500 at the real limit", async () => {
    const files: Record<string, string> = { "index.html": "<p>x</p>" };
    for (let i = 1; i < 1500; i++) files[`f/${i}.txt`] = "";
    const dir = await pkg(files);
    expect(finding(await checkPackage(dir), "file-count")).toMatchObject({ status: "pass" });
    await fs.writeFile(path.join(dir, "f", "one-more.txt"), "");
    expect(finding(await checkPackage(dir), "file-count")).toMatchObject({
      status: "fail",
      message: "The package has more than 1,500 files (the most allowed).",
    });
  });

  it("fails a package that unpacks to more than allowed (limit injected)", async () => {
    const report = await checkPackage(await pkg({ "index.html": "<p>x</p>", "data.bin": { bytes: 1200 } }), {
      limits: small,
    });
    expect(finding(report, "unpacked-size").status).toBe("fail");
  });

  it("fails a package over 250 MB at the real limit (a sparse file), and passes one just under", async () => {
    const over = await checkPackage(
      await pkg({ "index.html": "<p>x</p>", "assets/big.bin": { bytes: BUILD_CHECK_LIMITS.maxUnpackedBytes } }),
    );
    expect(finding(over, "unpacked-size")).toMatchObject({ status: "fail" });
    expect(finding(over, "unpacked-size").message).toMatch(
      /^The package unpacks to 250 MB, over the 250 MB allowed\.$/,
    );
    const under = await checkPackage(
      await pkg({ "index.html": "<p>x</p>", "assets/big.bin": { bytes: BUILD_CHECK_LIMITS.maxUnpackedBytes - 8 } }),
    );
    expect(finding(under, "unpacked-size").status).toBe("pass");
    // the big file is not loaded by index.html: it is not part of the initial download
    expect(under.initialDownload.bytes).toBe(8);
  });

  it("warns, then fails, as the initial download grows (limits injected), counting only what index.html loads", async () => {
    const index = '<script src="a.js"></script><img src="b.png">';
    const warn = await checkPackage(
      await pkg({ "index.html": index, "a.js": "x".repeat(200), "b.png": { bytes: 100 }, "later.bin": { bytes: 500 } }),
      {
        limits: small,
      },
    );
    expect(finding(warn, "initial-download").status).toBe("warning");
    const fail = await checkPackage(
      await pkg({ "index.html": index, "a.js": "x".repeat(200), "b.png": { bytes: 500 } }),
      {
        limits: small,
      },
    );
    expect(finding(fail, "initial-download").status).toBe("fail");
    expect(fail.initialDownload.bytes).toBe(index.length + 700);
  });

  it("warns about a file index.html names that is not in the package", async () => {
    const report = await checkPackage(
      await pkg({ "index.html": '<script src="/sdk/v1.js"></script><script src="js/main.js"></script>' }),
    );
    expect(report.initialDownload.missing).toEqual(["js/main.js"]);
    expect(finding(report, "initial-download")).toMatchObject({ status: "warning" });
    expect(finding(report, "initial-download").message).toMatch(/not in the package: js\/main\.js/);
  });

  it("lists outside hosts per host: scripts index.html loads, and addresses in scripts and styles", async () => {
    const dir = await pkg({
      "index.html":
        '<script src="https://cdn.example.com/lib.js"></script><script src="//cdn.example.com/two.js"></script>' +
        '<script src="http://127.0.0.1:5001/sdk/v1.js"></script><script>fetch("https://api.example.org/scores")</script>',
      "js/game.js": "load('https://assets.example.net/level.json'); const ns = 'http://www.w3.org/2000/svg';",
      "css/site.css": "@font-face{src:url(https://fonts.example.com/x.woff2)}",
    });
    const report = await checkPackage(dir, { ownOrigins: ["http://127.0.0.1:5001"] });
    expect(report.outsideHosts).toEqual([
      { host: "cdn.example.com", scripts: ["https://cdn.example.com/lib.js", "//cdn.example.com/two.js"], files: [] },
      { host: "api.example.org", scripts: [], files: ["index.html"] },
      { host: "assets.example.net", scripts: [], files: ["js/game.js"] },
      { host: "fonts.example.com", scripts: [], files: ["css/site.css"] },
    ]);
    const hosts = finding(report, "outside-hosts");
    expect(hosts.status).toBe("warning");
    expect(hosts.message).toMatch(/^index\.html loads scripts from cdn\.example\.com: they can change/);
    expect(report.sdks).toEqual(["arcadium-v1"]);
    expect(finding(report, "initial-download").message).toMatch(/and 2 from other hosts, not counted/);
  });

  it("recognises the portals' SDKs as portal-sdks.ts does, not as outside hosts", async () => {
    const poki = await checkPackage(
      await pkg({ "index.html": '<script src="https://game-cdn.poki.com/scripts/v2/poki-sdk.js"></script>' }),
    );
    expect(poki.sdks).toEqual(["poki"]);
    expect(poki.outsideHosts).toEqual([]);
    const gd = await checkPackage(
      await pkg({
        "index.html": '<script src="main.js"></script>',
        "main.js": 's.src = "https://html5.api.gamedistribution.com/main.min.js";',
      }),
    );
    expect(gd.sdks).toEqual(["gamedistribution"]);
    expect(gd.outsideHosts).toEqual([]);
    const crazy = await checkPackage(await pkg({ "index.html": '<script src="/sdk/compat/crazygames.js"></script>' }));
    expect(crazy.sdks).toEqual(["crazygames"]);
  });

  it("warns when the package uses no SDK", async () => {
    const report = await checkPackage(await pkg({ "index.html": "<canvas></canvas>" }));
    expect(report.sdks).toEqual([]);
    expect(finding(report, "sdk")).toMatchObject({ status: "warning" });
    expect(report.status).toBe("warning");
  });
});

describe("htmlReferences and outsideHostOf", () => {
  it("reads what index.html loads, ignoring links and markup in comments", () => {
    const refs = htmlReferences(
      '<!-- <script src="old.js"></script> --><link rel="icon" href="fav.ico"><link rel="canonical" href="https://x.test/">' +
        '<template><img src="t.png"></template><video src="intro.mp4"></video>',
    );
    expect(refs).toMatchObject({ scripts: [], styles: [], images: ["t.png"], others: ["fav.ico", "intro.mp4"] });
  });

  it("answers hosts of absolute and scheme-less addresses only", () => {
    expect(outsideHostOf("HTTPS://CDN.Example.com:8443/a.js")).toBe("cdn.example.com:8443");
    expect(outsideHostOf("//cdn.example.com/a.js")).toBe("cdn.example.com");
    expect(outsideHostOf("js/a.js")).toBeNull();
    expect(outsideHostOf("data:text/javascript,1")).toBeNull();
  });
});
