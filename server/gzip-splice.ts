/**
 * Gzip for a page that is the same for every visitor except a per-response
 * value (the CSP nonce). The fixed parts are compressed once, as raw deflate
 * streams that end on a byte boundary without a final block; each response
 * joins them with the values as stored (uncompressed) blocks, then the final
 * block and the gzip trailer. A cached page thus costs a CRC, not a
 * compression, per request.
 */
import zlib from "node:zlib";

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0x02, 0xff]);
/** An empty stored block with BFINAL set: the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

export interface SplicedTemplate {
  /** The fixed text around each value. */
  parts: Buffer[];
  /** Each part compressed, ending on a sync flush (no final block). */
  deflated: Buffer[];
}

/** Splits a page on a placeholder and compresses the parts. */
export function spliceTemplate(text: string, placeholder: string): SplicedTemplate {
  const parts = text.split(placeholder).map((part) => Buffer.from(part));
  const deflated = parts.map((part) =>
    zlib.deflateRawSync(part, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  );
  return { parts, deflated };
}

function storedBlock(data: Buffer): Buffer {
  if (data.length > 0xffff) throw new Error("a spliced value is too long for one stored block");
  const block = Buffer.alloc(5 + data.length);
  block[0] = 0;
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

/** The page as gzip, with `value` where the placeholder was. */
export function gzipWithValue(template: SplicedTemplate, value: string): Buffer {
  const valueBytes = Buffer.from(value);
  const stored = storedBlock(valueBytes);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  template.parts.forEach((part, index) => {
    if (index > 0) {
      chunks.push(stored);
      crc = zlib.crc32(valueBytes, crc);
      size += valueBytes.length;
    }
    chunks.push(template.deflated[index] ?? Buffer.alloc(0));
    crc = zlib.crc32(part, crc);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}

/** The page as plain text with the value filled in. */
export function identityWithValue(template: SplicedTemplate, value: string): Buffer {
  const valueBytes = Buffer.from(value);
  const chunks: Buffer[] = [];
  template.parts.forEach((part, index) => {
    if (index > 0) chunks.push(valueBytes);
    chunks.push(part);
  });
  return Buffer.concat(chunks);
}
