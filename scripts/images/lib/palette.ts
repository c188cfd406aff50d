/** The site's illustration palette: one place for every colour the scenes use. */
export const P = {
  // brand navy
  navy900: "#0b1a33",
  navy800: "#102a4c",
  navy600: "#1f4b82",
  navy400: "#4a76ad",
  // the one warm accent
  orange700: "#c2410c",
  orange600: "#ea580c",
  amber: "#f59e0b",
  amberLight: "#fcd34d",
  // warm neutrals
  white: "#fffdf8",
  cream: "#faf5ec",
  offwhite: "#f1ebe0",
  linen: "#e7ddcc",
  sand: "#d9c9ae",
  stone: "#b9ad9b",
  taupe: "#8c7d6a",
  umber: "#5e4b3b",
  charcoal: "#2f3640",
  graphite: "#4b5563",
  steel: "#94a3b8",
  steelLight: "#cbd5e1",
  concrete: "#c8c2b6",
  asphalt: "#4a4f58",
  // materials
  wood: "#b9804f",
  woodLight: "#d9a877",
  woodDark: "#7c5236",
  brick: "#b4583f",
  brickDark: "#8e3f2c",
  copper: "#c9793f",
  terracotta: "#c8693f",
  // sky
  skyTop: "#7db9e6",
  skyMid: "#a9d3f0",
  skyLow: "#e3f1f9",
  duskTop: "#14234a",
  duskMid: "#4b3d6e",
  duskLow: "#f0955a",
  // nature
  grass: "#7cb35a",
  grassLight: "#9fcb6f",
  grassDark: "#4e8a3e",
  leaf: "#3f7a45",
  leafDark: "#2c5a36",
  leafLight: "#86bd62",
  flowerPink: "#e67a9a",
  flowerYellow: "#f5c64b",
  flowerWhite: "#fbf6ee",
  // water
  pool: "#39b7e8",
  poolLight: "#8fdcf5",
  poolDeep: "#1279b5",
  // people
  skin: ["#f2c9a6", "#d9a37a", "#a9704a", "#6f4530"] as const,
  hair: ["#2b2118", "#5a3a22", "#8a5a32", "#c9a06a", "#1c1c1c"] as const,
  denim: "#3c5f8f",
  khaki: "#b8a47e",
} as const;

export type Palette = typeof P;
