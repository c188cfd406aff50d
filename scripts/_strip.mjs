import sharp from "sharp";
const [out, ...files] = process.argv.slice(2);
const metas = await Promise.all(files.map((f) => sharp(f).metadata()));
const width = metas.reduce((s, m) => s + m.width, 0);
const height = Math.max(...metas.map((m) => m.height));
let left = 0;
const composite = files.map((f, i) => { const c = { input: f, left, top: 0 }; left += metas[i].width; return c; });
await sharp({ create: { width, height, channels: 3, background: "#fff" } }).composite(composite).png().toFile(out);
