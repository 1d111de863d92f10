import { encodePng, type Pixel } from "./png";

// Pictures the simulator serves: sample photos a simulated customer can send (/samples/*.png) and
// sticker images (/stickers/:id.png). Drawn from simple shapes; encoded once and cached.

const W = 320;
const H = 240;
const inCircle = (x: number, y: number, cx: number, cy: number, r: number) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

const drawings: Record<string, (x: number, y: number) => Pixel> = {
  sunset: (x, y) => {
    if (y > 165) return (y + Math.round(x / 40)) % 12 < 2 ? [90, 120, 190, 255] : [30, 60, 130, 255];
    if (inCircle(x, y, 160, 165, 55)) return [255, 214, 90, 255];
    const t = y / 165;
    return [255, mix(140, 90, t), mix(60, 130, t), 255];
  },
  parcel: (x, y) => {
    const inBox = x >= 90 && x <= 230 && y >= 60 && y <= 200;
    if (!inBox) return [222, 232, 242, 255];
    if (x <= 94 || x >= 226 || y <= 64 || y >= 196) return [140, 95, 50, 255];
    if (x >= 150 && x <= 170) return [232, 205, 150, 255];
    return [200, 150, 90, 255];
  },
  receipt: (x, y) => {
    if (x < 100 || x > 220 || y < 20 || y > 220) return [232, 238, 245, 255];
    const line = Math.floor((y - 50) / 16);
    const lineLength = 60 + ((line * 37) % 40);
    if (y >= 50 && (y - 50) % 16 < 4 && x >= 115 && x <= 115 + lineLength) return [150, 160, 175, 255];
    return [255, 255, 255, 255];
  },
};


const cache = new Map<string, Buffer>();

export function samplePng(name: string): Buffer | undefined {
  const draw = drawings[name];
  if (!draw) return undefined;
  if (!cache.has(name)) cache.set(name, encodePng(W, H, draw));
  return cache.get(name);
}

/** A smiley; its colour depends on the sticker id so different stickers look different. */
export function stickerPng(stickerId: string): Buffer {
  const key = `sticker:${stickerId}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const hue = [...stickerId].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 3;
  const face: Pixel = ([[255, 204, 51, 255], [120, 200, 255, 255], [255, 150, 190, 255]] as Pixel[])[hue]!;
  const png = encodePng(160, 160, (x, y) => {
    if (!inCircle(x, y, 80, 80, 72)) return [0, 0, 0, 0];
    if (!inCircle(x, y, 80, 80, 68)) return [60, 40, 20, 255];
    if (inCircle(x, y, 56, 62, 9) || inCircle(x, y, 104, 62, 9)) return [60, 40, 20, 255];
    const mouth = inCircle(x, y, 80, 82, 42) && !inCircle(x, y, 80, 82, 34) && y > 92;
    return mouth ? [60, 40, 20, 255] : face;
  });
  cache.set(key, png);
  return png;
}
