#!/usr/bin/env node
// The app icon, from one description: public/icon.svg and the PNGs the manifest names
// (public/icon-192.png, public/icon-512.png), rasterised here with pngjs (4×4 supersampling), so the
// PNGs always match the SVG. Run `npm run icons -w apps/web` after changing the shapes; the outputs
// are committed (the build does not need this script).
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');

/** The shapes, on a 512 × 512 grid: the night background (full bleed: safe as a maskable icon), a red disc, an "M". */
export const BACKGROUND = '#0d0d12';
export const DISC = { cx: 256, cy: 256, r: 176, fill: '#c8323c' };
export const LETTER = {
  fill: '#ffffff',
  points: [[166, 350], [166, 162], [210, 162], [256, 240], [302, 162], [346, 162], [346, 350], [304, 350], [304, 240], [256, 318], [208, 240], [208, 350]],
};

export function svg() {
  const pts = LETTER.points.map(([x, y]) => `${x},${y}`).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <rect width="512" height="512" fill="${BACKGROUND}"/>
  <circle cx="${DISC.cx}" cy="${DISC.cy}" r="${DISC.r}" fill="${DISC.fill}"/>
  <polygon points="${pts}" fill="${LETTER.fill}"/>
</svg>
`;
}

const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

function inPolygon(x, y, pts) {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i];
    const [xj, yj] = pts[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function colourAt(x, y) {
  if (inPolygon(x, y, LETTER.points)) return rgb(LETTER.fill);
  if ((x - DISC.cx) ** 2 + (y - DISC.cy) ** 2 <= DISC.r ** 2) return rgb(DISC.fill);
  return rgb(BACKGROUND);
}

export function png(size, samples = 4) {
  const img = new PNG({ width: size, height: size });
  const scale = 512 / size;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const acc = [0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const c = colourAt((px + (sx + 0.5) / samples) * scale, (py + (sy + 0.5) / samples) * scale);
          for (let k = 0; k < 3; k++) acc[k] += c[k];
        }
      }
      const o = (py * size + px) * 4;
      for (let k = 0; k < 3; k++) img.data[o + k] = Math.round(acc[k] / (samples * samples));
      img.data[o + 3] = 255;
    }
  }
  return PNG.sync.write(img);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(join(out, 'icon.svg'), svg());
  for (const size of [192, 512]) writeFileSync(join(out, `icon-${size}.png`), png(size));
  console.log(`icons written to ${out}: icon.svg, icon-192.png, icon-512.png`);
}
