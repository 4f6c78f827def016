// The console's app icons, drawn at build time (no image tool needed): a sun over a solar panel on
// the theme's dark blue, as PNG at the sizes browsers ask for installing (192, 512) and a maskable
// one whose drawing keeps inside the safe zone (the middle 80 %). Pure: pixels -> PNG bytes.
const zlib = require('node:zlib');

const BACKGROUND = [0x14, 0x32, 0x4f];
const SUN = [0xf7, 0xc4, 0x79];
const PANEL = [0x5f, 0xa8, 0xd3];
const FRAME = [0x0b, 0x1f, 0x33];

/** The colour at (x, y) of the unit square, or null for the background. */
function shapeAt(x, y) {
  const dx = x - 0.5;
  const dy = y - 0.4;
  if (dx * dx + dy * dy < 0.17 * 0.17) return SUN;
  // the panel: a band leaning back, with a frame grid of 4 × 2 cells
  if (y > 0.6 && y < 0.8) {
    const lean = (0.8 - y) * 0.25;
    const left = 0.2 + lean;
    const right = 0.8 - lean;
    if (x > left && x < right) {
      const u = (x - left) / (right - left);
      const v = (y - 0.6) / 0.2;
      const onGrid = Math.abs(u * 4 - Math.round(u * 4)) < 0.06 || Math.abs(v * 2 - Math.round(v * 2)) < 0.08;
      return onGrid ? FRAME : PANEL;
    }
  }
  return null;
}

/** RGBA pixels of the icon, 4×4 samples a pixel; `inset` shrinks the drawing (maskable safe zone). */
function drawIcon(size, inset = 0) {
  const pixels = Buffer.alloc(size * size * 4);
  const scale = 1 - 2 * inset;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          const x = ((px + (sx + 0.5) / 4) / size - inset) / scale;
          const y = ((py + (sy + 0.5) / 4) / size - inset) / scale;
          const colour = shapeAt(x, y) ?? BACKGROUND;
          for (let c = 0; c < 3; c++) sum[c] += colour[c];
        }
      }
      const at = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) pixels[at + c] = Math.round(sum[c] / 16);
      pixels[at + 3] = 255;
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
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

/** A PNG (8-bit RGBA, no interlace) of `size`² pixels. */
function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The files the web app manifest names (root-config/public/manifest.webmanifest), by name. */
function pwaIcons() {
  return {
    'icon-192.png': encodePng(192, drawIcon(192)),
    'icon-512.png': encodePng(512, drawIcon(512)),
    'icon-maskable-512.png': encodePng(512, drawIcon(512, 0.1)),
  };
}

module.exports = { pwaIcons, encodePng, drawIcon };
