import type { ReactNode } from "react";

/**
 * Local artwork for the 'All Your Favorite Gaming Experiences' tiles: inline SVG, no external
 * images. Decorative only (the tile's title says what it is), so every drawing is aria-hidden.
 */
const svgProps = {
  viewBox: "0 0 320 180",
  "aria-hidden": true,
  focusable: false,
  className: "size-full",
  preserveAspectRatio: "xMidYMid slice",
} as const;

type ArtFrameProps = { id: string; from: string; to: string; vertical?: boolean; defs?: ReactNode; children: ReactNode };
/**
 * The frame every drawing shares: the svg, a two-stop linear gradient background (`id`, from the
 * top left to the bottom right, or top to bottom when `vertical`) and any further `defs`.
 */
function ArtFrame({ id, from, to, vertical, defs, children }: ArtFrameProps) {
  return (
    <svg {...svgProps}>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2={vertical ? "0" : "1"} y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
        {defs}
      </defs>
      <rect width="320" height="180" fill={`url(#${id})`} />
      {children}
    </svg>
  );
}

export function ModernGamesArt() {
  return (
    <ArtFrame
      id="xp-modern-bg"
      from="#4f46e5"
      to="#9333ea"
      defs={
        <radialGradient id="xp-modern-glow" cx="0.5" cy="0.55" r="0.5">
          <stop offset="0" stopColor="#c4b5fd" stopOpacity="0.7" />
          <stop offset="1" stopColor="#c4b5fd" stopOpacity="0" />
        </radialGradient>
      }
    >
      <g stroke="#ffffff" strokeOpacity="0.12">
        {Array.from({ length: 9 }, (_, i) => (
          <line key={`v${i}`} x1={i * 40} y1="0" x2={i * 40} y2="180" />
        ))}
        {Array.from({ length: 5 }, (_, i) => (
          <line key={`h${i}`} x1="0" y1={i * 40 + 10} x2="320" y2={i * 40 + 10} />
        ))}
      </g>
      <ellipse cx="160" cy="98" rx="130" ry="70" fill="url(#xp-modern-glow)" />
      <path
        d="M96 72c10-10 30-12 44-8h40c14-4 34-2 44 8 14 14 26 52 20 68-5 12-22 12-32 0l-14-16h-76l-14 16c-10 12-27 12-32 0-6-16 6-54 20-68z"
        fill="#1e1b4b"
        stroke="#a5b4fc"
        strokeWidth="3"
      />
      <rect x="112" y="90" width="30" height="10" rx="3" fill="#a5b4fc" />
      <rect x="122" y="80" width="10" height="30" rx="3" fill="#a5b4fc" />
      <circle cx="196" cy="86" r="7" fill="#f472b6" />
      <circle cx="212" cy="100" r="7" fill="#22d3ee" />
      <circle cx="180" cy="100" r="7" fill="#facc15" />
      <circle cx="196" cy="114" r="7" fill="#4ade80" />
      <path d="M40 40l6 12 12 6-12 6-6 12-6-12-12-6 12-6z" fill="#fde68a" opacity="0.9" />
      <path d="M272 130l4 8 8 4-8 4-4 8-4-8-8-4 8-4z" fill="#fbcfe8" opacity="0.9" />
    </ArtFrame>
  );
}

/** A pixel invader on a CRT screen. */
const INVADER = ["00100000100", "00010001000", "00111111100", "01101110110", "11111111111", "10111111101", "10100000101", "00011011000"];

export function RetroArcadeArt() {
  const px = 10;
  const ox = 160 - (INVADER[0].length * px) / 2;
  const oy = 50;
  return (
    <ArtFrame id="xp-retro-bg" from="#1f0a3c" to="#431407" vertical>
      <g fill="#ffffff" opacity="0.7">
        <rect x="24" y="20" width="3" height="3" />
        <rect x="282" y="34" width="3" height="3" />
        <rect x="60" y="142" width="3" height="3" />
        <rect x="250" y="150" width="3" height="3" />
        <rect x="210" y="22" width="2" height="2" />
        <rect x="100" y="30" width="2" height="2" />
      </g>
      <g fill="#f472b6">
        {INVADER.flatMap((row, y) =>
          Array.from(row).map((cell, x) => (cell === "1" ? <rect key={`${x}-${y}`} x={ox + x * px} y={oy + y * px} width={px - 1} height={px - 1} /> : null)),
        )}
      </g>
      <rect x="60" y="150" width="200" height="4" fill="#fb923c" />
      <path d="M152 150v-12h4v-4h8v4h4v12z" fill="#facc15" />
      <rect x="158" y="120" width="3" height="10" fill="#fde68a" />
      <g fill="#000000" opacity="0.18">
        {Array.from({ length: 45 }, (_, i) => (
          <rect key={i} x="0" y={i * 4} width="320" height="1.5" />
        ))}
      </g>
    </ArtFrame>
  );
}

export function MobileFavoritesArt() {
  return (
    <ArtFrame id="xp-mobile-bg" from="#059669" to="#0891b2">
      <circle cx="60" cy="40" r="46" fill="#ffffff" opacity="0.08" />
      <circle cx="280" cy="160" r="60" fill="#ffffff" opacity="0.08" />
      <g transform="rotate(-8 160 95)">
        <rect x="122" y="22" width="76" height="146" rx="14" fill="#0f172a" stroke="#a7f3d0" strokeWidth="3" />
        <rect x="130" y="36" width="60" height="112" rx="4" fill="#134e4a" />
        <rect x="150" y="28" width="20" height="3" rx="1.5" fill="#334155" />
        <g>
          <rect x="136" y="112" width="14" height="14" rx="2" fill="#facc15" />
          <rect x="150" y="112" width="14" height="14" rx="2" fill="#facc15" />
          <rect x="150" y="126" width="14" height="14" rx="2" fill="#f472b6" />
          <rect x="164" y="126" width="14" height="14" rx="2" fill="#f472b6" />
          <rect x="136" y="126" width="14" height="14" rx="2" fill="#60a5fa" />
          <rect x="164" y="84" width="14" height="14" rx="2" fill="#4ade80" />
          <rect x="164" y="70" width="14" height="14" rx="2" fill="#4ade80" />
          <rect x="150" y="70" width="14" height="14" rx="2" fill="#4ade80" />
        </g>
        <rect x="136" y="42" width="30" height="6" rx="3" fill="#5eead4" opacity="0.8" />
      </g>
      <g fill="none" stroke="#ecfeff" strokeWidth="3" strokeLinecap="round" opacity="0.85">
        <path d="M226 70a22 22 0 0 1 0 40" />
        <path d="M238 58a38 38 0 0 1 0 64" />
      </g>
      <circle cx="88" cy="120" r="14" fill="#ecfeff" opacity="0.9" />
      <path d="M84 113l10 7-10 7z" fill="#0891b2" />
    </ArtFrame>
  );
}

export function MultiplayerArenaArt() {
  return (
    <ArtFrame id="xp-arena-bg" from="#ea580c" to="#be123c">
      <ellipse cx="160" cy="160" rx="150" ry="26" fill="#000000" opacity="0.18" />
      <g>
        <circle cx="84" cy="78" r="22" fill="#fde68a" />
        <path d="M50 150c0-28 15-44 34-44s34 16 34 44z" fill="#fde68a" />
        <circle cx="236" cy="78" r="22" fill="#bae6fd" />
        <path d="M202 150c0-28 15-44 34-44s34 16 34 44z" fill="#bae6fd" />
      </g>
      <g opacity="0.75">
        <circle cx="130" cy="64" r="14" fill="#fecdd3" />
        <path d="M108 118c0-20 10-32 22-32s22 12 22 32z" fill="#fecdd3" />
        <circle cx="190" cy="64" r="14" fill="#fed7aa" />
        <path d="M168 118c0-20 10-32 22-32s22 12 22 32z" fill="#fed7aa" />
      </g>
      <circle cx="160" cy="112" r="24" fill="#1c1917" stroke="#fef3c7" strokeWidth="3" />
      <text x="160" y="121" textAnchor="middle" fontFamily="system-ui, sans-serif" fontWeight="900" fontSize="24" fill="#fef3c7">
        VS
      </text>
      <path d="M150 20l4 8 8 4-8 4-4 8-4-8-8-4 8-4z" fill="#fef08a" />
      <path d="M40 30l3 6 6 3-6 3-3 6-3-6-6-3 6-3z" fill="#fef08a" opacity="0.8" />
      <path d="M280 26l3 6 6 3-6 3-3 6-3-6-6-3 6-3z" fill="#fef08a" opacity="0.8" />
    </ArtFrame>
  );
}
