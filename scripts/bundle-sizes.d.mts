// Types of what TypeScript code imports from bundle-sizes.mjs (frontend/vite.config.ts).
export function routePreloads(
  manifest: Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>,
): { path: string; files: string[] }[];
