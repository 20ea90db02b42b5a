// Issue 30: relay latency of rooms (ADR 027) under 2,000 players in 1,000 two-player rooms, each player sending
// 10 messages a second, next to a bare `ws` relay speaking the same wire protocol on the same machine.
//
//   node bench/rooms.mjs                                  # ws, one process, two processes; 3 interleaved rounds
//   node bench/rooms.mjs --rooms 100 --runs 1 --seconds 5 --warmup 2   # a smoke run
//   node bench/rooms.mjs --configs one --one-db pglite    # one process on the embedded database
//   node bench/rooms.mjs --configs one --rooms 300 --cpu-prof /tmp/rooms-prof   # the server's CPU profile
//   node bench/rooms.mjs --configs two --root /tmp/before   # another checkout's build (`npm run build` there first)
//
// Configurations: `ws` (the baseline: a bare `ws` server in its own process that answers create/join/send in memory,
// relaying each message to the room's partner and answering the sender, as the live socket does), `one` (one built
// Arcadium server, PostgreSQL unless `--one-db pglite`) and `two` (two Arcadium servers on one PostgreSQL database,
// each room's players on different processes: the room's home is the host's process, so half the messages cross
// PostgreSQL's NOTIFY one way and half the other). PostgreSQL: a scratch database per configuration on
// BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
//
// Players are guests (the live socket gives each handshake without a cookie a guest of its own, ADR 027), each with
// its own address (X-Forwarded-For, TRUST_PROXY=loopback), as a browser's page would be: the live socket allows 20
// sockets an address. The host creates a private two-player room and the guest joins it by its code; then every
// player sends `{t, n, x, y}` (`t`: the send time on the machine's monotonic clock, shared by all processes) to its
// room every 1/--rate s, and the latency is the time from that send to the partner's `message` event.
//
// The players run in --clients child processes (sockets split by room), whose CPU is reported too: a client process
// near 100 % of a core would be the bottleneck. Each round measures each configuration in turn: all players send,
// --warmup seconds pass, then a window of --seconds; messages stamped inside it count (delivered if they arrive within
// 2 s after it). Reported per configuration (medians of the rounds): relay p50/p99/max, messages delivered a second,
// lost messages, refusals (`room-result` with ok false) and socket errors, the CPU of the server process(es) over
// the window (from /proc/PID/stat, in cores and µs per delivered message), PostgreSQL's backends of that database,
// and the client processes, with the 1-minute load average before each window; and ratios against `ws`.
// Everything listens on 127.0.0.1 and every loop ends with the run.
import { fork, spawn } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import WebSocket, { WebSocketServer } from "ws";

const self = fileURLToPath(import.meta.url);

const { values: args } = parseArgs({
  options: {
    role: { type: "string", default: "main" },
    port: { type: "string", default: "" },
    rooms: { type: "string", default: "1000" },
    rate: { type: "string", default: "10" },
    seconds: { type: "string", default: "20" },
    warmup: { type: "string", default: "5" },
    runs: { type: "string", default: "3" },
    clients: { type: "string", default: "2" },
    configs: { type: "string", default: "ws,one,two" },
    "one-db": { type: "string", default: "postgres" },
    "cpu-prof": { type: "string", default: "" },
    root: { type: "string", default: "" },
    out: { type: "string", default: "" },
  },
});

/** Milliseconds on CLOCK_MONOTONIC: one clock for every process of the machine. */
const now = () => {
  const [s, ns] = process.hrtime();
  return s * 1000 + ns / 1e6;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round1 = (x) => (x === null || x === undefined ? null : Math.round(x * 10) / 10);
const round3 = (x) => (x === null || x === undefined ? null : Math.round(x * 1000) / 1000);

// ---- latency histogram: 0.05 ms steps up to 200 ms, then 1 ms steps up to 20 s --------------------------------
const FINE_MS = 200;
const FINE_STEP = 0.05;
const FINE_BINS = FINE_MS / FINE_STEP;
const BINS = FINE_BINS + 20_000 - FINE_MS;
const binOf = (ms) =>
  ms < FINE_MS ? Math.max(0, Math.floor(ms / FINE_STEP)) : Math.min(BINS - 1, FINE_BINS + Math.floor(ms - FINE_MS));
const upperOf = (bin) => (bin < FINE_BINS ? (bin + 1) * FINE_STEP : FINE_MS + (bin - FINE_BINS) + 1);

/** p50, p99 and the largest value (each the bin's upper edge) of a merged histogram. */
function histogramSummary(counts, max) {
  const n = counts.reduce((a, b) => a + b, 0);
  if (n === 0) return { n, p50: null, p99: null, max: null };
  const at = (p) => {
    const rank = Math.min(n - 1, Math.floor((p / 100) * n));
    let seen = 0;
    for (let b = 0; b < counts.length; b++) {
      seen += counts[b];
      if (seen > rank) return round1(upperOf(b));
    }
    return null;
  };
  return { n, p50: at(50), p99: at(99), max: round1(max) };
}

// ---- the baseline: a bare ws relay speaking the live socket's room frames ---------------------------------------
function runRelay(port) {
  const rooms = new Map();
  const codes = new Map();
  let nextPlayer = 0;
  let nextRoom = 0;
  const wss = new WebSocketServer({ port, host: "127.0.0.1", perMessageDeflate: false });
  wss.on("connection", (ws) => {
    const me = `p${++nextPlayer}`;
    ws.on("message", (raw) => {
      const frame = JSON.parse(String(raw));
      const reply = (value) => ws.send(JSON.stringify({ type: "room-result", id: frame.id, ok: true, value }));
      const request = frame.request;
      if (request.type === "create") {
        const number = ++nextRoom;
        const room = { id: `room${number}`, code: `C${number}`, seq: 0, players: [{ id: me, ws, frame: frame.frame }] };
        rooms.set(room.id, room);
        codes.set(room.code, room);
        reply({ id: room.id, code: room.code, me });
      } else if (request.type === "join") {
        const room = codes.get(request.code);
        room.players.push({ id: me, ws, frame: frame.frame });
        reply({ id: room.id, code: room.code, me });
      } else if (request.type === "send") {
        const room = rooms.get(request.roomId);
        const seq = ++room.seq;
        const event = { type: "message", roomId: room.id, from: me, seq, at: Date.now(), data: request.data };
        for (const p of room.players)
          if (p.id !== me) p.ws.send(JSON.stringify({ type: "room-event", frame: p.frame, event }));
        reply({ seq });
      }
    });
  });
  wss.on("listening", () => console.log("ready"));
}

// ---- the players: one child process holds some rooms' sockets ---------------------------------------------------
function runClients() {
  /** @type {Array<{ ws: WebSocket, roomId: string, timer?: NodeJS.Timeout }>} */
  const players = [];
  let setup;
  let sending = false;
  let measured = null;
  let counters;
  const resetCounters = () => {
    counters = {
      // by the sender's seat: the host's is on the room's home process, the guest's (with `two`) on the other
      sentInWindow: { host: 0, guest: 0 },
      delivered: { host: 0, guest: 0 },
      histogram: { host: new Uint32Array(BINS), guest: new Uint32Array(BINS) },
      max: { host: 0, guest: 0 },
      // the sender's `room-result`: how long the server took to accept a message (forwarded to the home and back)
      answerHistogram: { host: new Uint32Array(BINS), guest: new Uint32Array(BINS) },
      answerMax: { host: 0, guest: 0 },
      refused: {},
      socketErrors: 0,
      unreadable: 0,
      closed: 0,
      firstRefusals: [],
    };
  };
  resetCounters();
  let n = 0;
  /** when each message of the window was sent, by request id, until its `room-result` */
  const sentAt = new Map();

  /** One player's socket: answers by request id for the setup, message events counted. */
  function connect(url, address, role) {
    const from = role === "host" ? "guest" : "host";
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers: { "x-forwarded-for": address }, perMessageDeflate: false });
      const waiting = new Map();
      ws.call = (request) =>
        new Promise((res, rej) => {
          const id = `s${++n}`;
          const timer = setTimeout(() => rej(new Error(`no answer to ${request.type}`)), 30_000);
          waiting.set(id, (answer) => {
            clearTimeout(timer);
            res(answer);
          });
          ws.send(JSON.stringify({ type: "room", id, frame: "f1", gameId: setup.gameId, request }));
        });
      ws.on("message", (data) => {
        const at = now();
        const text = String(data);
        if (text.startsWith('{"type":"room-result"')) {
          if (text.startsWith('{"type":"room-result","id":"s')) {
            const answer = JSON.parse(text);
            waiting.get(answer.id)?.(answer);
            waiting.delete(answer.id);
            return;
          }
          const id = Number(text.slice(27, text.indexOf(",", 27)));
          const sent = sentAt.get(id);
          if (sent !== undefined) {
            sentAt.delete(id);
            counters.answerHistogram[role][binOf(at - sent)]++;
            if (at - sent > counters.answerMax[role]) counters.answerMax[role] = at - sent;
          }
          if (text.includes('"ok":false')) {
            const { error } = JSON.parse(text);
            counters.refused[error.code] = (counters.refused[error.code] ?? 0) + 1;
            if (counters.firstRefusals.length < 5) counters.firstRefusals.push(error);
          }
          return;
        }
        if (!text.includes('"type":"message"')) return;
        // the data is the event's last field: {"t":…,"n":…,…}
        const t = Number(text.slice(text.lastIndexOf('{"t":') + 5, text.indexOf(",", text.lastIndexOf('{"t":'))));
        if (Number.isNaN(t)) counters.unreadable++;
        if (!measured || Number.isNaN(t) || t < measured.from || t >= measured.to) return;
        const ms = at - t;
        counters.delivered[from]++;
        counters.histogram[from][binOf(ms)]++;
        if (ms > counters.max[from]) counters.max[from] = ms;
      });
      ws.on("error", (err) => {
        counters.socketErrors++;
        reject(err);
      });
      ws.on("close", () => counters.closed++);
      ws.once("open", () => resolve(ws));
    });
  }

  function answerValue(answer) {
    if (!answer.ok) throw new Error(`refused at setup: ${JSON.stringify(answer.error)}`);
    return answer.value;
  }

  async function openRoom(k) {
    const hostUrl = setup.urls[k % setup.urls.length];
    const guestUrl = setup.urls[(k + 1) % setup.urls.length];
    // one address a player, as two browsers would have
    const address = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const host = await connect(hostUrl, address(2 * k + 1), "host");
    const room = answerValue(await host.call({ type: "create", maxPlayers: 2, visibility: "private" }));
    const guest = await connect(guestUrl, address(2 * k + 2), "guest");
    answerValue(await guest.call({ type: "join", code: room.code }));
    players.push({ ws: host, roomId: room.id, role: "host" }, { ws: guest, roomId: room.id, role: "guest" });
  }

  function startSending() {
    sending = true;
    const every = 1000 / setup.rate;
    for (const p of players) {
      const prefix = `{"type":"room","id":`;
      const middle = `,"frame":"f1","gameId":${setup.gameId},"request":{"type":"send","roomId":${JSON.stringify(p.roomId)},"data":{"t":`;
      const sendOne = () => {
        if (!sending || p.ws.readyState !== WebSocket.OPEN) return;
        const id = ++n;
        const t = now();
        p.ws.send(`${prefix}${id}${middle}${t},"n":${id},"x":${id % 640},"y":${id % 480}}}}`);
        if (measured && t >= measured.from && t < measured.to) {
          counters.sentInWindow[p.role]++;
          sentAt.set(id, t);
        }
      };
      // players start at random phases, as real ones would
      p.start = setTimeout(() => {
        sendOne();
        p.timer = setInterval(sendOne, every);
      }, Math.random() * every);
    }
  }

  function stopSending() {
    sending = false;
    for (const p of players) {
      clearTimeout(p.start);
      clearInterval(p.timer);
    }
  }

  process.on("message", async (message) => {
    try {
      if (message.type === "setup") {
        setup = message;
        const queue = [...message.rooms];
        await Promise.all(
          Array.from({ length: 25 }, async () => {
            for (let k = queue.shift(); k !== undefined; k = queue.shift()) await openRoom(k);
          }),
        );
        process.send({ type: "ready", players: players.length });
      } else if (message.type === "go") {
        resetCounters();
        measured = { from: message.from, to: message.to };
        startSending();
      } else if (message.type === "stop") {
        stopSending();
        sentAt.clear();
        const c = counters;
        process.send({
          type: "report",
          ...c,
          histogram: { host: Array.from(c.histogram.host), guest: Array.from(c.histogram.guest) },
          answerHistogram: { host: Array.from(c.answerHistogram.host), guest: Array.from(c.answerHistogram.guest) },
          open: players.filter((p) => p.ws.readyState === WebSocket.OPEN).length,
        });
      } else if (message.type === "close") {
        for (const p of players) p.ws.terminate();
        process.exit(0);
      }
    } catch (err) {
      process.send({ type: "failed", error: String(err?.stack ?? err) });
    }
  });
}

// ---- the orchestra ------------------------------------------------------------------------------------------------

/** utime + stime of a process, in seconds (0 when it is gone). */
function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
const cpuOf = (pids) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);

/** A child process of the players, ready once its rooms are open. */
async function startClientProcess(setup) {
  const child = fork(self, ["--role", "clients"], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const inbox = [];
  const waiters = [];
  child.on("message", (m) => {
    inbox.push(m);
    for (const w of waiters.splice(0)) w();
  });
  const next = async (type, timeoutMs) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = inbox.findIndex((m) => m.type === type || m.type === "failed");
      if (i !== -1) {
        const [m] = inbox.splice(i, 1);
        if (m.type === "failed") throw new Error(`a client process failed: ${m.error}`);
        return m;
      }
      if (Date.now() > deadline) throw new Error(`no ${type} from a client process`);
      await new Promise((r) => {
        waiters.push(r);
        setTimeout(r, 1000);
      });
    }
  };
  child.send({ type: "setup", ...setup });
  await next("ready", 600_000);
  return { child, next, pid: child.pid };
}

async function startRelay() {
  const { freePort } = await import("../scripts/server-process.mjs");
  const port = await freePort();
  const child = spawn(process.execPath, [self, "--role", "relay", "--port", String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => String(d).includes("ready") && resolve());
    child.once("exit", (c) => reject(new Error(`the relay exited with ${c}`)));
  });
  return {
    urls: [`ws://127.0.0.1:${port}/`],
    pids: [child.pid],
    gameId: 1,
    stop: async () => void child.kill("SIGTERM"),
    logs: () => "",
  };
}

/**
 * A module for `--require` that profiles the server's CPU (V8's sampling profiler through the inspector) between two
 * SIGUSR2: the bench sends them at the window's edges, and each window's profile is written as a .cpuprofile under
 * --cpu-prof (Chrome's DevTools open it). Node 20 refuses --cpu-prof in NODE_OPTIONS, and it would cover the start.
 */
async function profilerPreload(tag) {
  const dir = path.resolve(args["cpu-prof"], tag);
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, "profiler.cjs");
  await fsp.writeFile(
    file,
    `const inspector = require("node:inspector");
const fs = require("node:fs");
const session = new inspector.Session();
session.connect();
let on = false;
let count = 0;
process.on("SIGUSR2", () => {
  if (!on) {
    session.post("Profiler.enable", () => session.post("Profiler.start"));
    on = true;
    return;
  }
  on = false;
  session.post("Profiler.stop", (err, res) => {
    if (!err) fs.writeFileSync(${JSON.stringify(dir)} + "/" + process.pid + "-" + ++count + ".cpuprofile", JSON.stringify(res.profile));
  });
});
`,
  );
  return file;
}

/** `count` built servers on one database (the first migrates and seeds; the others start after it). */
async function startArcadium(count, db, tag) {
  const [{ spawnServer, createScratchDatabase }, { adminDatabaseUrl }] = await Promise.all([
    import("../scripts/server-process.mjs"),
    import("./lib.mjs"),
  ]);
  const scratch = db === "postgres" ? await createScratchDatabase(adminDatabaseUrl(), "arcadium_bench_rooms") : null;
  const servers = [];
  try {
    for (let i = 0; i < count; i++) {
      const profile = args["cpu-prof"] ? { NODE_OPTIONS: `--require ${await profilerPreload(tag)}` } : {};
      servers.push(
        await spawnServer({
          ...(args.root ? { root: path.resolve(args.root) } : {}),
          tempPrefix: "arcadium-bench-rooms-",
          databaseUrl: scratch?.url ?? "",
          env: { NODE_ENV: "production", LOG_LEVEL: "warn", TRUST_PROXY: "loopback", ...profile },
          sourceMaps: false,
          readyTimeoutMs: 180_000,
        }),
      );
    }
  } catch (err) {
    await Promise.all(servers.map((s) => s.stop(Infinity)));
    await scratch?.drop();
    throw err;
  }
  const games = await (await fetch(`${servers[0].url}/api/games?limit=1`)).json();
  const gameId = (Array.isArray(games) ? games : (games.items ?? games.games))[0].id;
  return {
    urls: servers.map((s) => `${s.url.replace(/^http/, "ws")}/api/chat/live`),
    pids: servers.map((s) => s.child.pid),
    gameId,
    database: scratch?.name ?? "pglite",
    adminUrl: scratch?.admin,
    logs: () => servers.map((s) => s.logs()).join(""),
    stop: async () => {
      await Promise.all(servers.map((s) => s.stop(Infinity)));
      await scratch?.drop();
    },
  };
}

/** The pids of PostgreSQL's backends serving a database (its pool and LISTEN connections). */
async function backendPids(adminUrl, database) {
  if (!adminUrl) return [];
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const res = await client.query("select pid from pg_stat_activity where datname = $1", [database]);
    return res.rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

async function measure(config, round) {
  const { target, clients } = config;
  const windowMs = Number(args.seconds) * 1000;
  const warmupMs = Number(args.warmup) * 1000;
  const loadavg = round1(os.loadavg()[0]);
  const from = now() + warmupMs;
  const to = from + windowMs;
  for (const c of clients) c.child.send({ type: "go", from, to });
  await sleep(Math.max(0, from - now()));
  const pgPids = await backendPids(target.adminUrl, target.database);
  const clientPids = clients.map((c) => c.pid);
  if (args["cpu-prof"] && config.name !== "ws") for (const pid of target.pids) process.kill(pid, "SIGUSR2");
  const before = {
    server: target.pids.map(cpuSeconds),
    postgres: cpuOf(pgPids),
    clients: clientPids.map(cpuSeconds),
    at: now(),
  };
  await sleep(Math.max(0, to - now()));
  const after = {
    server: target.pids.map(cpuSeconds),
    postgres: cpuOf(pgPids),
    clients: clientPids.map(cpuSeconds),
    at: now(),
  };
  if (args["cpu-prof"] && config.name !== "ws") for (const pid of target.pids) process.kill(pid, "SIGUSR2");
  // messages of the window still on their way
  await sleep(2000);
  for (const c of clients) c.child.send({ type: "stop" });
  const reports = await Promise.all(clients.map((c) => c.next("report", 60_000)));
  const sum = (f) => reports.reduce((a, r) => a + f(r), 0);
  const merged = (roles) => {
    const histogram = new Array(BINS).fill(0);
    for (const r of reports) for (const role of roles) r.histogram[role].forEach((v, i) => (histogram[i] += v));
    const max = reports.reduce((m, r) => Math.max(m, ...roles.map((role) => r.max[role])), 0);
    const sent = sum((r) => roles.reduce((a, role) => a + r.sentInWindow[role], 0));
    const delivered = sum((r) => roles.reduce((a, role) => a + r.delivered[role], 0));
    const answers = new Array(BINS).fill(0);
    for (const r of reports) for (const role of roles) r.answerHistogram[role].forEach((v, i) => (answers[i] += v));
    const answerMax = reports.reduce((m, r) => Math.max(m, ...roles.map((role) => r.answerMax[role])), 0);
    const answered = histogramSummary(answers, answerMax);
    return {
      sent,
      delivered,
      lost: sent - delivered,
      ...histogramSummary(histogram, max),
      answered: { n: answered.n, p50: answered.p50, p99: answered.p99 },
    };
  };
  const all = merged(["host", "guest"]);
  const refused = {};
  for (const r of reports) for (const [code, k] of Object.entries(r.refused)) refused[code] = (refused[code] ?? 0) + k;
  const seconds = (after.at - before.at) / 1000;
  const { delivered } = all;
  const serverCpu = after.server.reduce((a, v, i) => a + v - before.server[i], 0);
  const result = {
    round,
    loadavg,
    seconds: round1(seconds),
    sent: all.sent,
    delivered,
    lost: all.lost,
    deliveredPerSecond: Math.round(delivered / (windowMs / 1000)),
    p50: all.p50,
    p99: all.p99,
    max: all.max,
    // with `two`: the host's messages go out from the room's home; the guest's are forwarded to it first
    fromHost: merged(["host"]),
    fromGuest: merged(["guest"]),
    refused,
    socketErrors: sum((r) => r.socketErrors),
    socketsClosed: sum((r) => r.closed),
    socketsOpen: sum((r) => r.open),
    serverCores: round3(serverCpu / seconds),
    serverCoresEach: after.server.map((v, i) => round3((v - before.server[i]) / seconds)),
    serverUsPerMessage: delivered ? round1((serverCpu / delivered) * 1e6) : null,
    postgresCores: target.adminUrl ? round3((after.postgres - before.postgres) / seconds) : null,
    clientCoresEach: after.clients.map((v, i) => round3((v - before.clients[i]) / seconds)),
    firstRefusals: reports.flatMap((r) => r.firstRefusals).slice(0, 5),
  };
  console.error(`[rooms] round ${round} ${config.name}: ${JSON.stringify(result)}`);
  return result;
}

/** The server's log lines at warn or above, each as its message and error. */
function warnings(logs) {
  return logs
    .split("\n")
    .filter((line) => /"level":(40|50|60)/.test(line))
    .map((line) => {
      try {
        const entry = JSON.parse(line);
        return `${entry.msg}${entry.err ? `: ${entry.err.message}` : ""}`;
      } catch {
        return line.slice(0, 200);
      }
    });
}

/** Each kind of warning (its first 160 characters) and how many times it came. */
function warningKinds(list) {
  const kinds = new Map();
  for (const w of list) {
    const kind = w.replace(/\s+/g, " ").slice(0, 160);
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return [...kinds].map(([warning, count]) => ({ warning, count }));
}

function median(values) {
  const s = values.filter((v) => typeof v === "number").sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
}

async function main() {
  const ROOMS = Number(args.rooms);
  const CLIENTS = Math.max(1, Math.min(Number(args.clients), ROOMS));
  const names = args.configs.split(",").map((s) => s.trim());
  for (const name of names)
    if (!["ws", "one", "two"].includes(name)) throw new Error(`unknown configuration ${name} (ws, one, two)`);
  if (names.some((n) => n !== "ws") && !args.root) {
    const { buildAll } = await import("../scripts/build-lib.mjs");
    await buildAll({ log: () => {} });
  }
  const configs = [];
  const stopAll = async () => {
    for (const c of configs) {
      for (const client of c.clients ?? []) client.child.send({ type: "close" });
      await c.target?.stop().catch((err) => console.error(err));
    }
  };
  try {
    for (const name of names) {
      const config = { name };
      configs.push(config);
      config.target =
        name === "ws"
          ? await startRelay()
          : await startArcadium(name === "two" ? 2 : 1, name === "two" ? "postgres" : args["one-db"], name);
      config.db = name === "ws" ? null : name === "two" ? "postgres" : args["one-db"];
      const t = performance.now();
      config.clients = await Promise.all(
        Array.from({ length: CLIENTS }, (_, c) =>
          startClientProcess({
            urls: config.target.urls,
            gameId: config.target.gameId,
            rate: Number(args.rate),
            rooms: Array.from({ length: ROOMS }, (_, k) => k).filter((k) => k % CLIENTS === c),
          }),
        ),
      );
      config.setupSeconds = round1((performance.now() - t) / 1000);
      console.error(`[rooms] ${name}: ${ROOMS} rooms open in ${config.setupSeconds} s`);
    }
    for (let round = 1; round <= Number(args.runs); round++)
      for (const config of configs) (config.runs ??= []).push(await measure(config, round));
  } finally {
    await stopAll();
  }

  const summary = {};
  for (const c of configs) {
    const m = (f) => median(c.runs.map(f));
    summary[c.name] = {
      db: c.db,
      processes: c.target.pids.length,
      setupSeconds: c.setupSeconds,
      p50: m((r) => r.p50),
      p99: m((r) => r.p99),
      max: m((r) => r.max),
      deliveredPerSecond: m((r) => r.deliveredPerSecond),
      lost: m((r) => r.lost),
      fromHost: { p50: m((r) => r.fromHost.p50), p99: m((r) => r.fromHost.p99), lost: m((r) => r.fromHost.lost) },
      fromGuest: { p50: m((r) => r.fromGuest.p50), p99: m((r) => r.fromGuest.p99), lost: m((r) => r.fromGuest.lost) },
      refused: c.runs.reduce((a, r) => a + Object.values(r.refused).reduce((x, y) => x + y, 0), 0),
      socketErrors: c.runs.reduce((a, r) => a + r.socketErrors, 0),
      serverCores: m((r) => r.serverCores),
      serverUsPerMessage: m((r) => r.serverUsPerMessage),
      postgresCores: m((r) => r.postgresCores),
      clientCoresMax: m((r) => Math.max(...r.clientCoresEach)),
      loadavg: c.runs.map((r) => r.loadavg),
      serverWarnings: warnings(c.target.logs()).length,
      serverWarningKinds: warningKinds(warnings(c.target.logs())),
    };
  }
  const base = summary.ws;
  if (base)
    for (const [name, s] of Object.entries(summary)) {
      if (name === "ws") continue;
      const ratio = (a, b) => (a && b ? round1(a / b) : null);
      s.vsWs = {
        p50: ratio(s.p50, base.p50),
        p99: ratio(s.p99, base.p99),
        deliveredPerSecond: ratio(s.deliveredPerSecond, base.deliveredPerSecond),
        serverUsPerMessage: ratio(s.serverUsPerMessage, base.serverUsPerMessage),
      };
    }
  const targets = { one: 50, two: 100 };
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    options: {
      rooms: ROOMS,
      players: 2 * ROOMS,
      rate: Number(args.rate),
      offeredPerSecond: 2 * ROOMS * Number(args.rate),
      seconds: Number(args.seconds),
      warmup: Number(args.warmup),
      runs: Number(args.runs),
      clientProcesses: CLIENTS,
    },
    summary,
    targetsP99Ms: Object.fromEntries(
      Object.entries(targets)
        .filter(([name]) => summary[name])
        .map(([name, ms]) => [name, { ms, met: summary[name].p99 !== null && summary[name].p99 < ms }]),
    ),
    runs: Object.fromEntries(configs.map((c) => [c.name, c.runs])),
  };
  console.log(JSON.stringify(report, null, 2));
  if (args.out) await fsp.writeFile(args.out, `${JSON.stringify(report, null, 2)}\n`);
}

if (args.role === "relay") runRelay(Number(args.port));
else if (args.role === "clients") runClients();
else
  await main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
