// Types for restore-skipped-optionals.mjs (plain JavaScript: it runs as npm's postinstall,
// possibly before the project's own Node.js, which strips TypeScript, is in place).
export interface LockEntry {
  name?: string;
  version?: string;
  integrity?: string;
  optional?: boolean;
  dev?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  engines?: { node?: string };
}

export interface SkippedPackage {
  location: string;
  name: string;
  version: string;
  integrity: string;
}

export function npmNodeVersion(userAgent?: string): string | null;

export function skippedForEngines(
  lock: { packages: Record<string, LockEntry> },
  machine: {
    npmNode: string;
    node: string;
    platform: string;
    arch: string;
    libc: string | null;
    omitDev: boolean;
    exists: (location: string) => boolean;
  },
): SkippedPackage[];
