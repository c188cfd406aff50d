/** Ready-made backdrops shared by many compositions (so every image shares one light and palette). */
import { P } from "../lib/palette.ts";
import { cloud, ground, hills, sky, sun, treeLine, tufts, type Mood } from "./backdrop.ts";
import { room, type FloorKind } from "./interior.ts";

export interface OutdoorOpts {
  mood?: Mood;
  seed?: number;
  lawn?: string;
  hills?: boolean;
  clouds?: boolean;
  sunAt?: [number, number];
}

/** Sky, sun (upper left), clouds, distant hills and tree line, lawn from gy down. */
export function outdoor(w: number, h: number, gy: number, o: OutdoorOpts = {}): string {
  const mood = o.mood ?? "day";
  const seed = o.seed ?? 1;
  const [sx, sy] = o.sunAt ?? [w * 0.14, h * 0.14];
  let out = sky(w, h, mood) + sun(sx, sy, Math.min(w, h) * 0.05, mood);
  if (o.clouds ?? true)
    out += cloud(w * 0.42, h * 0.2, w / 1400, 0.75) + cloud(w * 0.82, h * 0.13, w / 1800, 0.85);
  if (o.hills ?? true) {
    out += hills(
      w,
      h,
      gy - h * 0.09,
      mood === "dusk" ? "#3d4a6b" : "#b4cfa6",
      seed + 1,
      h * 0.04,
      3,
    );
    out += treeLine(w, gy - h * 0.02, mood === "dusk" ? "#2f3d58" : "#86ad7d", seed + 2, h * 0.035);
  }
  out += ground(w, h, gy - 8, o.lawn ?? (mood === "dusk" ? "#4f7a4a" : P.grass));
  out += tufts(
    0,
    w,
    gy + 20,
    h - 10,
    mood === "dusk" ? "#35583a" : P.grassDark,
    seed + 3,
    Math.round(w / 30),
  );
  return out;
}

/** An interior elevation with light from the upper left. */
export const indoor = (
  w: number,
  h: number,
  floorY: number,
  wall: string = "#efe8dc",
  kind: FloorKind = "wood",
  floorColor: string = "#c89a6a",
): string => room(w, h, floorY, wall, kind, floorColor);
