/**
 * The plan book's font files: where each comes from in node_modules (`source`, relative to
 * the repository root) and where it sits beside the bundle's index.mjs (`target`). The
 * functions' bundling copies them (infra/function-assets.ts).
 */
export const planBookFonts = [
  { source: 'node_modules/@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf', target: 'fonts/NotoSans-Regular.ttf' },
  { source: 'node_modules/@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf', target: 'fonts/NotoSans-Bold.ttf' },
  { source: 'node_modules/@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf', target: 'fonts/NotoSans-Italic.ttf' },
] as const;
