/** Local cover illustrations for the seeded categories (no image is loaded from outside, issue 2). */
const palettes: Record<string, [string, string, string]> = {
  action: [
    "#ef4444",
    "#f97316",
    "M300 80 L340 180 L440 190 L360 250 L390 350 L300 290 L210 350 L240 250 L160 190 L260 180 Z",
  ],
  adventure: ["#10b981", "#0ea5e9", "M120 320 L240 140 L300 220 L360 120 L480 320 Z M330 110 a22 22 0 1 0 0.1 0"],
  puzzle: ["#8b5cf6", "#ec4899", "M200 120 h80 a30 30 0 1 1 40 0 h80 v80 a30 30 0 1 0 0 40 v80 h-200 Z"],
  strategy: [
    "#f59e0b",
    "#b45309",
    "M250 330 h100 l-10 -30 h-80 Z M270 300 l10 -90 h40 l10 90 Z M260 210 h80 l-20 -40 a30 30 0 1 0 -40 0 Z",
  ],
  racing: [
    "#06b6d4",
    "#3b82f6",
    "M140 260 q20 -60 90 -70 l50 -40 h90 l60 50 q50 10 60 60 v20 h-350 Z M210 300 a30 30 0 1 0 0.1 0 M420 300 a30 30 0 1 0 0.1 0",
  ],
  sports: [
    "#22c55e",
    "#15803d",
    "M300 100 a110 110 0 1 0 0.1 0 M300 100 q-70 110 0 220 M300 100 q70 110 0 220 M192 210 h216",
  ],
};

export function categoryCoverSvg(slug: string, name: string): string {
  const [from, to, shape] = palettes[slug] ?? ["#64748b", "#334155", "M200 150 h200 v100 h-200 Z"];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400" width="600" height="400">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="600" height="400" fill="url(#g)"/>
  <g fill="none" stroke="#ffffff" stroke-opacity="0.12" stroke-width="2">${Array.from({ length: 8 }, (_, i) => `<circle cx="${80 + i * 70}" cy="${60 + (i % 3) * 120}" r="${20 + (i % 4) * 14}"/>`).join("")}</g>
  <path d="${shape}" fill="#ffffff" fill-opacity="0.9" stroke="#ffffff" stroke-width="6" stroke-linejoin="round" fill-rule="evenodd"/>
  <text x="300" y="380" text-anchor="middle" font-family="system-ui, sans-serif" font-size="40" font-weight="700" fill="#ffffff">${name}</text>
</svg>
`;
}
