import { describe, expect, it } from "vitest";
import { npmNodeVersion, skippedForEngines } from "../../scripts/restore-skipped-optionals.mjs";

const binding = {
  version: "0.2.0",
  integrity: "sha512-binding",
  dev: true,
  optional: true,
  os: ["linux"],
  cpu: ["x64"],
  libc: ["glibc"],
  engines: { node: ">=22.19.0" },
};
const lock = {
  packages: {
    "": { name: "trade-match" },
    "node_modules/@lingui/native-tools-linux-x64-gnu": binding,
    "node_modules/@lingui/native-tools-darwin-arm64": {
      ...binding,
      os: ["darwin"],
      cpu: ["arm64"],
    },
    "node_modules/@lingui/native-tools-linux-x64-musl": { ...binding, libc: ["musl"] },
    "node_modules/@emnapi/core": { version: "1.0.0", integrity: "sha512-wasm", optional: true },
    "node_modules/@rolldown/binding-linux-x64-gnu": {
      ...binding,
      engines: { node: "^20.19.0 || >=22.12.0" },
    },
  },
};
const linux = {
  npmNode: "20.20.2",
  node: "24.21.0",
  platform: "linux",
  arch: "x64",
  libc: "glibc",
  omitDev: false,
  exists: () => false,
};

describe("optional packages npm skipped for the Node.js that ran it", () => {
  it("finds only this platform's bindings whose engines the older Node.js failed", () => {
    expect(skippedForEngines(lock, linux)).toEqual([
      {
        location: "node_modules/@lingui/native-tools-linux-x64-gnu",
        name: "@lingui/native-tools-linux-x64-gnu",
        version: "0.2.0",
        integrity: "sha512-binding",
      },
    ]);
  });

  it("leaves alone what is on disk, what this Node.js cannot run either, and omitted dev packages", () => {
    expect(skippedForEngines(lock, { ...linux, exists: () => true })).toEqual([]);
    expect(skippedForEngines(lock, { ...linux, node: "22.1.0" })).toEqual([]);
    expect(skippedForEngines(lock, { ...linux, npmNode: "24.0.0" })).toEqual([]);
    expect(skippedForEngines(lock, { ...linux, omitDev: true })).toEqual([]);
    expect(skippedForEngines(lock, { ...linux, libc: "musl" }).map((p) => p.name)).toEqual([
      "@lingui/native-tools-linux-x64-musl",
    ]);
  });

  it("reads the Node.js version out of npm's user agent", () => {
    expect(npmNodeVersion("npm/11.19.1 node/v20.20.2 linux x64 workspaces/false")).toBe("20.20.2");
    expect(npmNodeVersion("")).toBeNull();
  });
});
