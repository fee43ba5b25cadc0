// Draws the app icon, resources/icon.png (512×512 RGBA), with no dependencies: a blue rounded square, a white
// tender document and a green check badge. electron-builder derives the .icns/.ico and Linux sizes from it.
// Run: node scripts/generate-icon.mjs
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const size = 512;
const samplesPerAxis = 4; // 16 samples per pixel for smooth edges
const output = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'resources', 'icon.png');

const hex = (value) => [1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16));
const mix = (a, b, t) => a.map((channel, i) => channel + (b[i] - channel) * t);

function insideRoundedRect(x, y, left, top, right, bottom, radius) {
  if (x < left || x > right || y < top || y > bottom) return false;
  const cx = Math.min(Math.max(x, left + radius), right - radius);
  const cy = Math.min(Math.max(y, top + radius), bottom - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

function distanceToSegment(x, y, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.min(1, Math.max(0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

const top = hex('#2a6ab8');
const bottom = hex('#173a6b');
const white = hex('#ffffff');
const textLine = hex('#a9bfdc');
const green = hex('#2e9e5b');
const lines = [
  [186, 168, 326, 186],
  [186, 214, 326, 232],
  [186, 260, 300, 278],
  [186, 306, 270, 324],
];
const check = [
  [318, 378],
  [342, 402],
  [388, 354],
];

/** The colour at a point, or null where the icon is transparent. */
function colourAt(x, y) {
  if (!insideRoundedRect(x, y, 32, 32, 480, 480, 96)) return null;
  let colour = mix(top, bottom, (y - 32) / 448);
  if (insideRoundedRect(x, y, 148, 104, 364, 412, 18)) {
    colour = white;
    for (const [l, t, r, b] of lines) if (insideRoundedRect(x, y, l, t, r, b, 9)) colour = textLine;
  }
  const badge = Math.hypot(x - 352, y - 378);
  if (badge <= 86) colour = white;
  if (badge <= 74) colour = green;
  if (distanceToSegment(x, y, check[0], check[1]) <= 9 || distanceToSegment(x, y, check[1], check[2]) <= 9) {
    if (badge <= 74) colour = white;
  }
  return colour;
}

const rowLength = size * 4 + 1;
const raw = Buffer.alloc(rowLength * size);
for (let py = 0; py < size; py += 1) {
  raw[py * rowLength] = 0; // filter: none
  for (let px = 0; px < size; px += 1) {
    let r = 0;
    let g = 0;
    let b = 0;
    let covered = 0;
    for (let sy = 0; sy < samplesPerAxis; sy += 1) {
      for (let sx = 0; sx < samplesPerAxis; sx += 1) {
        const colour = colourAt(px + (sx + 0.5) / samplesPerAxis, py + (sy + 0.5) / samplesPerAxis);
        if (colour === null) continue;
        r += colour[0];
        g += colour[1];
        b += colour[2];
        covered += 1;
      }
    }
    const offset = py * rowLength + 1 + px * 4;
    if (covered > 0) {
      raw[offset] = Math.round(r / covered);
      raw[offset + 1] = Math.round(g / covered);
      raw[offset + 2] = Math.round(b / covered);
    }
    raw[offset + 3] = Math.round((255 * covered) / samplesPerAxis ** 2);
  }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(size, 0);
header.writeUInt32BE(size, 4);
header[8] = 8; // bit depth
header[9] = 6; // colour type: RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(output, png);
console.log(`wrote ${output} (${png.length} bytes)`);
