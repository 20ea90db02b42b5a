/* Table Tennis online (D123): the pure parts of a two-player match in a real-time room, with no page or SDK in them,
 * so that games/table-tennis/net.test.ts runs this very file.
 *   window.TableTennisNet = { COURT, RATE_MS, PHASES, encodeSnapshot, decodeSnapshot, encodeInput, decodeInput,
 *                             mirror, clampPaddle, interpolation, matchScore, inviteLink }
 * Messages stay small (arrays of rounded numbers) and everything that comes from the other player is checked: a
 * message that is not exactly the expected shape, with finite numbers in range, decodes to null and is ignored. */
(function (root) {
  'use strict';

  /** The court in court units: u along the table (0 = side 0's end), v across it; the paddle's half length. */
  var COURT = { L: 16, W: 9, HALF: 1.15 };
  /** Snapshots and inputs are sent every RATE_MS (20 a second, well under D124's 30 messages a second). */
  var RATE_MS = 50;
  /** What the match is doing: waiting for a serve, a live ball, paused for a dropped player, counting down, over. */
  var PHASES = ['serve', 'live', 'paused', 'countdown', 'over'];
  var MAX_SPEED = 40;
  var MAX_TARGET = 21;

  function round2(x) {
    return Math.round(x * 100) / 100;
  }
  function finiteIn(x, lo, hi) {
    return typeof x === 'number' && isFinite(x) && x >= lo && x <= hi;
  }
  function wholeIn(x, lo, hi) {
    return finiteIn(x, lo, hi) && Math.floor(x) === x;
  }

  /** The paddle's centre kept on the table: half a paddle may hang over a side line, as in solo play. */
  function clampPaddle(v) {
    var lo = COURT.HALF * 0.6,
      hi = COURT.W - COURT.HALF * 0.6;
    if (typeof v !== 'number' || !isFinite(v)) return COURT.W / 2;
    return Math.max(lo, Math.min(hi, v));
  }

  /**
   * The host's snapshot of the match, in side 0's court coordinates:
   * ['s', tick, ballU, ballV, ballVu, ballVv, paddle0, paddle1, points0, points1, phase, countdown, target]
   */
  function encodeSnapshot(m) {
    return [
      's',
      m.tick,
      round2(m.ball.u),
      round2(m.ball.v),
      round2(m.ball.vu),
      round2(m.ball.vv),
      round2(m.paddles[0]),
      round2(m.paddles[1]),
      m.points[0],
      m.points[1],
      PHASES.indexOf(m.phase),
      round2(Math.max(0, m.countdown || 0)),
      m.target,
    ];
  }

  function decodeSnapshot(data) {
    if (!Array.isArray(data) || data.length !== 13 || data[0] !== 's') return null;
    var L = COURT.L,
      W = COURT.W;
    var target = data[12];
    if (!wholeIn(target, 1, MAX_TARGET)) return null;
    var ok =
      wholeIn(data[1], 0, 1e9) &&
      finiteIn(data[2], -2, L + 2) &&
      finiteIn(data[3], 0, W) &&
      finiteIn(data[4], -MAX_SPEED, MAX_SPEED) &&
      finiteIn(data[5], -MAX_SPEED, MAX_SPEED) &&
      finiteIn(data[6], 0, W) &&
      finiteIn(data[7], 0, W) &&
      wholeIn(data[8], 0, target) &&
      wholeIn(data[9], 0, target) &&
      wholeIn(data[10], 0, PHASES.length - 1) &&
      finiteIn(data[11], 0, 10);
    if (!ok) return null;
    return {
      tick: data[1],
      ball: { u: data[2], v: data[3], vu: data[4], vv: data[5] },
      paddles: [clampPaddle(data[6]), clampPaddle(data[7])],
      points: [data[8], data[9]],
      phase: PHASES[data[10]],
      countdown: data[11],
      target: target,
    };
  }

  /** The guest's paddle, in side 0's court coordinates: ['i', seq, paddleV]. */
  function encodeInput(seq, v) {
    return ['i', seq, round2(clampPaddle(v))];
  }

  function decodeInput(data) {
    if (!Array.isArray(data) || data.length !== 3 || data[0] !== 'i') return null;
    if (!wholeIn(data[1], 0, 1e9) || !finiteIn(data[2], 0, COURT.W)) return null;
    return { seq: data[1], v: clampPaddle(data[2]) };
  }

  /** Side 1 sees the table from the other end: the court turned half a circle (its own paddle near, not mirrored). */
  function mirror(side, u, v) {
    return side === 1 ? { u: COURT.L - u, v: COURT.W - v } : { u: u, v: v };
  }

  /**
   * The guest's view of the host's snapshots: kept with the host's clock (tick × RATE_MS), read back `delayMs` in
   * the past (about one interval and a little), between the two snapshots around that moment. The host's clock is
   * matched to ours by the smallest delay seen (the fastest delivery), which then creeps up slowly so that a clock
   * that drifts is followed.
   */
  function interpolation(delayMs) {
    var delay = delayMs == null ? RATE_MS * 2 : delayMs;
    var buffer = [];
    var offset = null;
    return {
      push: function (snap, nowMs) {
        var last = buffer[buffer.length - 1];
        if (last && snap.tick <= last.tick) return false;
        var hostMs = snap.tick * RATE_MS;
        var seen = nowMs - hostMs;
        if (offset === null || seen < offset) offset = seen;
        else offset += (seen - offset) * 0.01;
        buffer.push(snap);
        if (buffer.length > 32) buffer.shift();
        return true;
      },
      /** The state to draw at `nowMs`: ball and paddles between two snapshots, the rest from the newer one. */
      sample: function (nowMs) {
        if (!buffer.length) return null;
        var at = (nowMs - offset - delay) / RATE_MS; // in ticks
        var newest = buffer[buffer.length - 1];
        if (at >= newest.tick || buffer.length === 1) return newest;
        if (at <= buffer[0].tick) return buffer[0];
        var i = buffer.length - 1;
        while (i > 0 && buffer[i - 1].tick > at) i--;
        var a = buffer[i - 1],
          b = buffer[i];
        var t = (at - a.tick) / (b.tick - a.tick);
        // a point scored or a serve between the two: the ball jumps, it does not fly across the table
        var jump = a.phase !== b.phase || a.points[0] !== b.points[0] || a.points[1] !== b.points[1];
        var lerp = function (x, y) {
          return x + (y - x) * t;
        };
        return {
          tick: at,
          ball: jump ? b.ball : { u: lerp(a.ball.u, b.ball.u), v: lerp(a.ball.v, b.ball.v), vu: b.ball.vu, vv: b.ball.vv },
          paddles: [lerp(a.paddles[0], b.paddles[0]), lerp(a.paddles[1], b.paddles[1])],
          points: b.points,
          phase: b.phase,
          countdown: b.countdown,
          target: b.target,
        };
      },
      latest: function () {
        return buffer.length ? buffer[buffer.length - 1] : null;
      },
      size: function () {
        return buffer.length;
      },
      clear: function () {
        buffer = [];
        offset = null;
      },
    };
  }

  /**
   * An online match scores like one against the Medium computer: 100 a point won, and a win by play adds 700 and
   * 100 for each point the other player was short of the target. A win by forfeit scores the points only.
   */
  function matchScore(mine, theirs, target, result) {
    var score = mine * 100;
    if (result === 'won') score += 700 + Math.max(0, target - theirs) * 100;
    return score;
  }

  /** The game's page with the room's code: the site's origin from the frame's referrer, the game's id from its address. */
  function inviteLink(pathname, referrer, code) {
    var id = /\/game-frame\/(\d+)(\/|$)/.exec(pathname || '');
    var origin = /^(https?:\/\/[^/?#]+)/.exec(referrer || '');
    if (!id || !origin) return null;
    return origin[1] + '/game/' + id[1] + '?room=' + encodeURIComponent(code);
  }

  root.TableTennisNet = {
    COURT: COURT,
    RATE_MS: RATE_MS,
    PHASES: PHASES,
    encodeSnapshot: encodeSnapshot,
    decodeSnapshot: decodeSnapshot,
    encodeInput: encodeInput,
    decodeInput: decodeInput,
    mirror: mirror,
    clampPaddle: clampPaddle,
    interpolation: interpolation,
    matchScore: matchScore,
    inviteLink: inviteLink,
  };
})(window);
