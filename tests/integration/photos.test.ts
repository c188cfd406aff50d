import { deflateSync, crc32 } from "node:zlib";
import { eq } from "drizzle-orm";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import {
  addBusinessPhotos,
  attachRequestPhotos,
  MAX_UPLOAD_BYTES,
  photoFor,
  PhotoRefused,
  photosOfBusiness,
  photosOfRequest,
  PHOTO_LIMITS,
  preparePhoto,
  readPhotoUploads,
  removePhoto,
  type PhotoUpload,
} from "~/features/marketplace/photos.server";
import { NotFound, sendToPros } from "~/features/marketplace/requests.server";
import { appContext, type AppServices } from "~/lib/app-context.server";
import { parseEnv } from "~/lib/env.server";
import { loader as photoLoader } from "~/routes/resources/photo";
import { photos } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import {
  consentFor,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
  refused,
} from "../support/marketplace-factories";

/** Where a phone photo says it was taken (Denver), as EXIF writes it. */
const GPS = {
  GPSLatitudeRef: "N",
  GPSLatitude: "39/1 44/1 2150/100",
  GPSLongitudeRef: "W",
  GPSLongitude: "104/1 59/1 1000/100",
};

/**
 * A JPEG as a phone writes it: a camera make, GPS position, perhaps an
 * orientation; with sensor grain, or flat (much quicker to make when large).
 */
async function phoneJpeg(
  width = 640,
  height = 480,
  { orientation, grain = true }: { orientation?: number; grain?: boolean } = {},
): Promise<Buffer> {
  let image = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#c86432",
      ...(grain ? { noise: { type: "gaussian", mean: 128, sigma: 30 } as const } : {}),
    },
  }).withExif({ IFD0: { Make: "TestPhone", Model: "Model 7" }, IFD3: GPS });
  if (orientation) image = image.withMetadata({ orientation });
  return image.jpeg().toBuffer();
}

/** The EXIF block points to a GPS directory (tag 0x8825, either byte order). */
function hasGpsDirectory(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]));
}

/** The chunk names of a WebP file (RIFF): EXIF, XMP and ICCP are where metadata would be. */
function riffChunks(webp: Uint8Array): string[] {
  const bytes = Buffer.from(webp);
  expect(bytes.toString("latin1", 0, 4)).toBe("RIFF");
  expect(bytes.toString("latin1", 8, 12)).toBe("WEBP");
  const names: string[] = [];
  for (let at = 12; at + 8 <= bytes.length;) {
    names.push(bytes.toString("latin1", at, at + 4));
    const size = bytes.readUInt32LE(at + 4);
    at += 8 + size + (size % 2);
  }
  return names;
}

/** A PNG whose header claims 60000 × 60000 pixels, in about a kilobyte. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "latin1");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(60_000, 0);
  header.writeUInt32BE(60_000, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1000))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const MB = 1024 * 1024;
const TEXT = Buffer.from("Shingles blew off in the storm, see attached.\n");
const unreadableMessage = (name: string) =>
  `"${name}" isn't a photo we can read. Please choose a JPEG, PNG or WebP image.`;

describe("preparing an uploaded photo", () => {
  it("re-encodes a phone JPEG as WebP with no metadata at all (no GPS position)", async () => {
    const jpeg = await phoneJpeg();
    const before = await sharp(jpeg).metadata();
    expect(hasGpsDirectory(before.exif)).toBe(true);
    expect(jpeg.includes("TestPhone")).toBe(true);

    const photo = await preparePhoto("IMG_2231.jpg", jpeg);
    const after = await sharp(photo.webp).metadata();
    expect(after).toMatchObject({ format: "webp", width: 640, height: 480 });
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    const chunks = riffChunks(photo.webp);
    for (const metadata of ["EXIF", "XMP ", "ICCP"]) expect(chunks).not.toContain(metadata);
    expect(Buffer.from(photo.webp).includes("TestPhone")).toBe(false);
    expect(photo).toMatchObject({ width: 640, height: 480 });
  });

  it("keeps no colour profile or XMP that came with the file", async () => {
    const jpeg = await sharp(await phoneJpeg())
      .withIccProfile("p3")
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Jordan Lee</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
      )
      .jpeg()
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.icc).toBeDefined();
    expect(before.xmp).toBeDefined();
    const photo = await preparePhoto("porch.jpg", jpeg);
    const after = await sharp(photo.webp).metadata();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(Buffer.from(photo.webp).includes("Jordan Lee")).toBe(false);
  });

  it("turns a photo upright by its EXIF orientation", async () => {
    const photo = await preparePhoto("sideways.jpg", await phoneJpeg(640, 480, { orientation: 6 }));
    expect(photo).toMatchObject({ width: 480, height: 640 });
    const after = await sharp(photo.webp).metadata();
    expect([after.width, after.height]).toEqual([480, 640]);
  });

  it("brings a 4000 × 3000 photo down to 2000 px on its longer side", async () => {
    const photo = await preparePhoto("big.jpg", await phoneJpeg(4000, 3000, { grain: false }));
    expect(photo).toMatchObject({ width: PHOTO_LIMITS.maxEdge, height: 1500 });
    const after = await sharp(photo.webp).metadata();
    expect(Math.max(after.width, after.height)).toBeLessThanOrEqual(2000);
  });

  it("does not enlarge a small photo, and takes PNG and WebP", async () => {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 4, background: "#3366cc80" },
    })
      .png()
      .toBuffer();
    const webp = await sharp(await phoneJpeg(1200, 2400, { grain: false }))
      .webp()
      .toBuffer();
    expect(await preparePhoto("drawing.png", png)).toMatchObject({ width: 300, height: 200 });
    expect(await preparePhoto("shared.webp", webp)).toMatchObject({ width: 1000, height: 2000 });
  });

  it("keeps the first frame of an animation", async () => {
    const frames = await Promise.all(
      ["#ff0000", "#00ff00", "#0000ff"].map((colour) =>
        sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
          .png()
          .toBuffer(),
      ),
    );
    const animated = await sharp(frames, { join: { animated: true } })
      .webp({ loop: 0 })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const photo = await preparePhoto("loop.webp", animated);
    const after = await sharp(photo.webp).metadata();
    expect([after.width, after.height, after.pages ?? 1]).toEqual([40, 30, 1]);
    const [red, green] = (await sharp(photo.webp).stats()).channels;
    expect(red?.mean).toBeGreaterThan(200);
    expect(green?.mean).toBeLessThan(50);
  });

  it("refuses a file over 10 MB before decoding it, naming the file", async () => {
    const error = await refused(
      preparePhoto("x.jpg", Buffer.alloc(PHOTO_LIMITS.maxBytes + 1, 0xff)),
    );
    expect(error).toBeInstanceOf(PhotoRefused);
    expect(error).toMatchObject({
      status: 400,
      message: '"x.jpg" is larger than 10 MB. Please choose a smaller photo.',
    });
  });

  it("refuses what is not a decodable JPEG, PNG or WebP, whatever it is called", async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const jpeg = await phoneJpeg();
    const cases: [string, Uint8Array][] = [
      ["notes.jpg", TEXT],
      ["kitchen.heic", Buffer.from("\0\0\0\x18ftypheic\0\0\0\0mif1heic")],
      ["animation.gif", gif],
      ["logo.png", svg],
      ["cut-off.jpg", jpeg.subarray(0, jpeg.length >> 1)],
      ["empty.jpg", new Uint8Array()],
    ];
    for (const [name, bytes] of cases) {
      const error = await refused(preparePhoto(name, bytes));
      expect(error, name).toBeInstanceOf(PhotoRefused);
      expect(error.message, name).toBe(unreadableMessage(name));
    }
  });

  it("refuses a small file that claims an enormous canvas without decoding it", async () => {
    const error = await refused(preparePhoto("bomb.png", pngBomb()));
    expect(error).toBeInstanceOf(PhotoRefused);
    expect(error.message).toBe(
      '"bomb.png" has more pixels than we can take. Please choose a photo of 64 megapixels or less.',
    );
  });

  it("names the file as the person knows it", async () => {
    const error = await refused(preparePhoto("C:\\Users\\jordan\\notes.jpg", TEXT));
    expect(error.message).toBe(unreadableMessage("notes.jpg"));
  });
});

describe("reading a form's photos", () => {
  const BOUNDARY = "----photos";
  /** A multipart body as a browser sends it. */
  function multipart(
    parts: { name: string; filename?: string; body: Buffer | string }[],
  ): Uint8Array<ArrayBuffer> {
    const pieces = parts.flatMap((part) => [
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"`,
      part.filename === undefined
        ? "\r\n\r\n"
        : `; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      part.body,
      "\r\n",
    ]);
    return new Uint8Array(
      Buffer.concat([...pieces, `--${BOUNDARY}--\r\n`].map((piece) => Buffer.from(piece))),
    );
  }
  function post(
    body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array<ArrayBuffer>>,
    headers: Record<string, string> = {},
  ): Request {
    // A streamed body needs `duplex`, which the DOM's RequestInit does not know yet.
    const init: RequestInit & { duplex: "half" } = {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
      body,
      duplex: "half",
    };
    return new Request("http://localhost/dashboard/projects/1/photos", init);
  }

  it("returns the files chosen and the rest of the form, skipping an empty file input", async () => {
    const jpeg = await phoneJpeg(64, 48);
    const { form, files } = await readPhotoUploads(
      post(
        multipart([
          { name: "intent", body: "attach" },
          { name: "photos", filename: "roof.jpg", body: jpeg },
          { name: "photos", filename: "", body: "" },
          { name: "photos", filename: "notes.jpg", body: TEXT },
        ]),
      ),
    );
    expect(form.get("intent")).toBe("attach");
    expect(files.map((file) => file.name)).toEqual(["roof.jpg", "notes.jpg"]);
    expect(Buffer.from(files[0]?.bytes ?? []).equals(jpeg)).toBe(true);
  });

  it("finds no file when none was chosen", async () => {
    const body = multipart([{ name: "photos", filename: "", body: "" }]);
    expect((await readPhotoUploads(post(body))).files).toEqual([]);
  });

  it("refuses a body declared larger than five photos at their largest", async () => {
    const body = multipart([{ name: "photos", filename: "a.jpg", body: "x" }]);
    const error = await refused(
      readPhotoUploads(post(body, { "Content-Length": String(MAX_UPLOAD_BYTES + 1) })),
    );
    expect(error).toBeInstanceOf(PhotoRefused);
    expect(error).toMatchObject({
      status: 413,
      message: "Your photos add up to more than 51 MB. Please send fewer at a time.",
    });
  });

  it("stops reading a body without a length once it is too large", async () => {
    let sent = 0;
    const chunk = new Uint8Array(MB);
    const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull(controller) {
        sent += chunk.byteLength;
        if (sent > 200 * MB) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const error = await refused(readPhotoUploads(post(stream)));
    expect(error).toMatchObject({ status: 413 });
    expect(sent).toBeLessThan(MAX_UPLOAD_BYTES + 4 * MB);
  });

  it("refuses a body that is not a form", async () => {
    const error = await refused(
      readPhotoUploads(post(new TextEncoder().encode("not multipart at all"))),
    );
    expect(error).toBeInstanceOf(PhotoRefused);
    expect(error).toMatchObject({ status: 400 });
  });
});

describe.each(DATABASE_TARGETS)("photos of requests and businesses on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  let jpeg: Buffer;
  const upload = (name = "roof.jpg"): PhotoUpload => ({ name, bytes: jpeg });
  const uploads = (count: number) =>
    Array.from({ length: count }, (_, i) => upload(`IMG_${String(i)}.jpg`));
  const storedFor = async (leadId: string) =>
    (await db().select({ id: photos.id }).from(photos).where(eq(photos.leadId, leadId))).length;

  beforeAll(async () => {
    database = await target.create();
    jpeg = await phoneJpeg(320, 240);
  });
  afterAll(async () => {
    await database.dispose();
  });

  /** A homeowner's request sent to one business; another business it was not sent to. */
  async function scene() {
    const homeowner = await createPerson(db(), "Jordan Lee");
    const leadId = await createRequest(db(), homeowner);
    const sentTo = await createPerson(db(), "Ana Pro");
    const notSentTo = await createPerson(db(), "Ben Pro");
    const a = await createBusiness(db(), sentTo);
    await createBusiness(db(), notSentTo);
    await sendToPros(db(), homeowner, leadId, [a.id], consentFor(a), delivery);
    return { homeowner, leadId, sentTo, notSentTo };
  }

  it("keeps a request's photos in order, for the homeowner and the pro it was sent to", async () => {
    const { homeowner, leadId, sentTo, notSentTo } = await scene();
    const stranger = await createPerson(db(), "Casey Stranger");
    const ids = await attachRequestPhotos(db(), homeowner.userId, leadId, [
      upload("front.jpg"),
      upload("back.jpg"),
    ]);
    expect(ids).toHaveLength(2);
    const listed = await photosOfRequest(db(), leadId);
    expect(listed).toEqual(ids.map((id) => ({ id, width: 320, height: 240, caption: "" })));

    const id = ids[0] ?? "";
    const own = await photoFor(db(), homeowner.userId, id);
    expect(own?.public).toBe(false);
    expect((await sharp(own?.webp).metadata()).format).toBe("webp");
    expect(await photoFor(db(), sentTo.userId, id)).toMatchObject({ public: false });
    expect(await photoFor(db(), notSentTo.userId, id)).toBeNull();
    expect(await photoFor(db(), stranger.userId, id)).toBeNull();
    expect(await photoFor(db(), null, id)).toBeNull();
  });

  it("adds to a request only for its homeowner", async () => {
    const { leadId, sentTo } = await scene();
    const stranger = await createPerson(db(), "Casey Stranger");
    for (const person of [stranger, sentTo]) {
      const error = await refused(attachRequestPhotos(db(), person.userId, leadId, [upload()]));
      expect(error).toBeInstanceOf(NotFound);
    }
    expect(await storedFor(leadId)).toBe(0);
  });

  it("takes at most 5 photos on a request, and nothing of a refused batch", async () => {
    const { homeowner, leadId } = await scene();
    const full = "You can attach up to 5 photos to a request.";
    await attachRequestPhotos(db(), homeowner.userId, leadId, uploads(4));
    const overBatch = await refused(
      attachRequestPhotos(db(), homeowner.userId, leadId, uploads(2)),
    );
    expect(overBatch).toBeInstanceOf(PhotoRefused);
    expect(overBatch.message).toBe(full);
    expect(await storedFor(leadId)).toBe(4);

    await attachRequestPhotos(db(), homeowner.userId, leadId, uploads(1));
    const sixth = await refused(attachRequestPhotos(db(), homeowner.userId, leadId, [upload()]));
    expect(sixth.message).toBe(full);
    expect(await storedFor(leadId)).toBe(5);
  });

  it("refuses a whole batch with its first bad file's message", async () => {
    const { homeowner, leadId } = await scene();
    // The cut-off photo fails only once decoded, long after the huge one is refused.
    const error = await refused(
      attachRequestPhotos(db(), homeowner.userId, leadId, [
        upload("good.jpg"),
        { name: "cut-off.jpg", bytes: jpeg.subarray(0, jpeg.length >> 1) },
        { name: "huge.jpg", bytes: Buffer.alloc(PHOTO_LIMITS.maxBytes + 1) },
      ]),
    );
    expect(error).toBeInstanceOf(PhotoRefused);
    expect(error.message).toBe(unreadableMessage("cut-off.jpg"));
    expect(await storedFor(leadId)).toBe(0);
  });

  it("lets only one of two uploads at once take the last room", async () => {
    const { homeowner, leadId } = await scene();
    const outcomes = await Promise.allSettled([
      attachRequestPhotos(db(), homeowner.userId, leadId, uploads(3)),
      attachRequestPhotos(db(), homeowner.userId, leadId, uploads(3)),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await storedFor(leadId)).toBe(3);
    expect((await photosOfRequest(db(), leadId)).length).toBe(3);
  });

  it("shows a business's photos to anyone, and only its owner adds or removes them", async () => {
    const owner = await createPerson(db(), "Ana Pro");
    const other = await createPerson(db(), "Ben Pro");
    const business = await createBusiness(db(), owner);
    const ids = await addBusinessPhotos(db(), owner.userId, business.id, uploads(2));
    expect((await photosOfBusiness(db(), business.id)).map((photo) => photo.id)).toEqual(ids);
    const id = ids[0] ?? "";
    expect(await photoFor(db(), null, id)).toMatchObject({ public: true });
    expect(await photoFor(db(), other.userId, id)).toMatchObject({ public: true });

    const notOwner = await refused(addBusinessPhotos(db(), other.userId, business.id, [upload()]));
    expect(notOwner).toBeInstanceOf(NotFound);
    expect(await refused(removePhoto(db(), other.userId, id))).toBeInstanceOf(NotFound);
    expect(await photoFor(db(), null, id)).not.toBeNull();

    await removePhoto(db(), owner.userId, id);
    expect(await photoFor(db(), null, id)).toBeNull();
    expect((await photosOfBusiness(db(), business.id)).map((photo) => photo.id)).toEqual(
      ids.slice(1),
    );
  });

  it("takes at most 12 photos of a business's work", async () => {
    const owner = await createPerson(db(), "Ana Pro");
    const business = await createBusiness(db(), owner);
    await addBusinessPhotos(db(), owner.userId, business.id, uploads(12));
    const error = await refused(addBusinessPhotos(db(), owner.userId, business.id, [upload()]));
    expect(error).toBeInstanceOf(PhotoRefused);
    expect(error.message).toBe("You can show up to 12 photos of your work.");
    expect(await photosOfBusiness(db(), business.id)).toHaveLength(12);
  });

  it("removes a request's photo for its homeowner only", async () => {
    const { homeowner, leadId, sentTo } = await scene();
    const [id = ""] = await attachRequestPhotos(db(), homeowner.userId, leadId, [upload()]);
    expect(await refused(removePhoto(db(), sentTo.userId, id))).toBeInstanceOf(NotFound);
    await removePhoto(db(), homeowner.userId, id);
    expect(await photosOfRequest(db(), leadId)).toEqual([]);
    expect(await refused(removePhoto(db(), homeowner.userId, "not-an-id"))).toBeInstanceOf(
      NotFound,
    );
  });

  describe("GET /photos/:id.webp", () => {
    const env = parseEnv({});
    function context(): RouterContextProvider {
      const services: Pick<AppServices, "env" | "logger" | "database"> = {
        env,
        logger: pino({ level: "silent" }),
        database: database.handle,
      };
      const provider = new RouterContextProvider();
      provider.set(appContext, services as AppServices);
      return provider;
    }
    async function get(id: string, userId?: string): Promise<Response> {
      const headers = new Headers();
      if (userId) {
        const setCookie = await createSession(db(), env, userId);
        headers.set("Cookie", setCookie.split(";")[0] ?? "");
      }
      const file = `${id}.webp`;
      const request = new Request(`http://localhost/photos/${file}`, { headers });
      const args = {
        request,
        url: new URL(request.url),
        pattern: "/photos/:file",
        params: { file },
      };
      return photoLoader({ ...args, context: context() });
    }

    it("serves a request's photo privately to those it concerns, and 404 to anyone else", async () => {
      const { homeowner, leadId, sentTo, notSentTo } = await scene();
      const [id = ""] = await attachRequestPhotos(db(), homeowner.userId, leadId, [upload()]);
      for (const person of [homeowner, sentTo]) {
        const response = await get(id, person.userId);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("image/webp");
        expect(response.headers.get("cache-control")).toBe("private, no-store");
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
        const body = Buffer.from(await response.arrayBuffer());
        expect(body.toString("latin1", 8, 12)).toBe("WEBP");
      }
      for (const response of [await get(id, notSentTo.userId), await get(id)]) {
        expect(response.status).toBe(404);
        expect(await response.text()).toBe("Not found");
      }
    });

    it("serves a business's photo to anyone, to be kept for a year", async () => {
      const owner = await createPerson(db(), "Ana Pro");
      const business = await createBusiness(db(), owner);
      const [id = ""] = await addBusinessPhotos(db(), owner.userId, business.id, [upload()]);
      const response = await get(id);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("content-type")).toBe("image/webp");
    });

    it("answers 404 for an id that is not a photo's", async () => {
      for (const id of ["nope", "00000000-0000-0000-0000-000000000000", "1 or 1=1"]) {
        expect((await get(id)).status).toBe(404);
      }
    });
  });
});
