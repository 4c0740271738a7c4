import { crc32, deflateSync } from "node:zlib";

/**
 * Small PNG pictures of tennis courts drawn in code, so demo data has images without binary
 * files in the repository. Flat colours compress to a few kilobytes.
 */

type Rgb = readonly [number, number, number];

export interface CourtPicture {
  readonly surround: Rgb;
  readonly surface: Rgb;
  readonly lines?: Rgb;
  readonly width?: number;
  readonly height?: number;
}

export const SURFACES = {
  clay: { surround: [150, 70, 40], surface: [196, 98, 55] },
  hard: { surround: [40, 110, 70], surface: [45, 95, 160] },
  grass: { surround: [45, 100, 45], surface: [85, 150, 70] },
  night: { surround: [25, 35, 60], surface: [40, 90, 150] },
} as const satisfies Record<string, CourtPicture>;

const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
};

export const encodePng = (width: number, height: number, pixel: (x: number, y: number) => Rgb): Uint8Array => {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      const at = y * stride + 1 + x * 3;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0))]),
  );
};

/** A court seen from above: doubles and singles side lines, service boxes, the net. */
export const courtPng = (picture: CourtPicture): Uint8Array => {
  const width = picture.width ?? 480;
  const height = picture.height ?? 270;
  const white: Rgb = picture.lines ?? [245, 245, 240];
  const net: Rgb = [30, 30, 30];
  // court box (doubles), 23.77 m x 10.97 m drawn lying down
  const left = Math.round(width * 0.1);
  const right = width - left;
  const courtWidth = right - left;
  const courtHeight = Math.round((courtWidth * 10.97) / 23.77);
  const top = Math.round((height - courtHeight) / 2);
  const bottom = top + courtHeight;
  const alley = Math.round((courtHeight * 1.37) / 10.97);
  const serviceOffset = Math.round((courtWidth * 6.4) / 23.77);
  const middleX = Math.round((left + right) / 2);
  const middleY = Math.round((top + bottom) / 2);
  const line = 2;
  const near = (a: number, b: number) => Math.abs(a - b) < line;

  return encodePng(width, height, (x, y) => {
    const inside = x >= left && x <= right && y >= top && y <= bottom;
    if (!inside) return picture.surround;
    if (near(x, middleX)) return net;
    const horizontal = near(y, top) || near(y, bottom) || near(y, top + alley) || near(y, bottom - alley);
    const vertical = near(x, left) || near(x, right);
    const serviceLine = (near(x, middleX - serviceOffset) || near(x, middleX + serviceOffset)) && y >= top + alley && y <= bottom - alley;
    const centreLine = near(y, middleY) && x >= middleX - serviceOffset && x <= middleX + serviceOffset;
    if (horizontal || vertical || serviceLine || centreLine) return white;
    return picture.surface;
  });
};
