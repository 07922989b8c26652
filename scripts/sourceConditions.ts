// Resolve conditions that make Vite and Vitest read the workspace's packages from their sources: each package's
// exports list `latch-source` first (src/), before `types` and `import` (dist/), which only an app built from
// the published packages uses. TypeScript has it as `customConditions` (tsconfig.json), Node through .npmrc.
import { defaultClientConditions, defaultServerConditions } from 'vite'

export const clientSourceConditions = ['latch-source', ...defaultClientConditions]
export const serverSourceConditions = ['latch-source', ...defaultServerConditions]
